import { describe, expect, it } from 'vitest';
import { SettingsTap, type SettingWritten } from './settings-tap';

const frame = (message: unknown): Buffer => Buffer.from(JSON.stringify(message, null, 2));
const request = (id: number, method: string, url: string, params?: unknown) =>
  frame({ leaApi: '1.0', url, method, ...(params === undefined ? {} : { params }), id });
const reply = (id: number, url: string, result: unknown) => frame({ leaApi: '1.0', url, result, id });
const notify = (params: unknown) => frame({ leaApi: '1.0', url: '/', method: 'notify', params });
/** The tap reads on a later turn of the event loop. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

function tapped() {
  const written: SettingWritten[] = [];
  return { tap: new SettingsTap((s) => written.push(s)), written };
}

describe('the relay settings tap', () => {
  it('reports a set the amp took: the path, the value seen before and the value written', async () => {
    const { tap, written } = tapped();
    tap.fromBrowser(request(1, 'subscribe', '/'));
    tap.fromAmp(reply(1, '/', { amp: { channels: { '1': { output: { mute: false, fader: -10, name: 'L' } } } } }));
    tap.fromAmp(notify({ amp: { channels: { '1': { output: { fader: -12 } } } } }));
    tap.fromBrowser(request(2, 'set', 'amp/channels/1/output/', { fader: -6, mute: true }));
    // the set's own change comes back in a notification after its reply: "before" is what was seen when it was sent
    tap.fromAmp(reply(2, '/amp/channels/1/output', 'OK'));
    tap.fromAmp(notify({ amp: { channels: { '1': { output: { fader: -6, mute: true } } } } }));
    tap.fromBrowser(request(3, 'set', '/amp/channels/1/output/fader', -3));
    tap.fromAmp(reply(3, '/amp/channels/1/output/fader', 'OK'));
    await turn();
    expect(written).toEqual([
      { path: '/amp/channels/1/output', from: { fader: -12, mute: false }, to: { fader: -6, mute: true } },
      { path: '/amp/channels/1/output/fader', from: -6, to: -3 },
    ]);
  });

  it('says null for what it has not seen, and reports nothing for a refused set or one never answered', async () => {
    const { tap, written } = tapped();
    tap.fromBrowser(request(1, 'get', '/amp/channels/1/output/mute'));
    tap.fromAmp(reply(1, '/amp/channels/1/output/mute', true));
    tap.fromBrowser(request(2, 'set', '/amp/channels/1/output', { mute: false, fader: -1 }));
    tap.fromAmp(reply(2, '/amp/channels/1/output', 'OK'));
    tap.fromBrowser(request(3, 'set', '/amp/channels/2/output', { fader: 5 }));
    tap.fromAmp(frame({ leaApi: '1.0', url: '/amp/channels/2/output', error: { code: -32602, message: 'no' }, id: 3 }));
    tap.fromBrowser(request(4, 'set', '/amp/misc', { findMe: true }));
    tap.fromBrowser(request(5, 'info', '/amp'));
    tap.fromAmp(reply(5, '/amp', { type: 'object' }));
    await turn();
    expect(written).toEqual([
      { path: '/amp/channels/1/output', from: { mute: true, fader: null }, to: { mute: false, fader: -1 } },
    ]);
  });

  it('never records a secret: /users whole, and any password, key or token field', async () => {
    const { tap, written } = tapped();
    tap.fromBrowser(request(9, 'get', '/amp/channels/1/output'));
    tap.fromAmp(reply(9, '/amp/channels/1/output', { name: 'L', password: 'seen-secret' }));
    tap.fromBrowser(request(8, 'set', '/amp/channels/1/output', { name: 'R', password: 'new-secret' }));
    tap.fromAmp(reply(8, '/amp/channels/1/output', 'OK'));
    tap.fromBrowser(request(1, 'set', '/users', { encryptedKey: 'abc', iv: 'x', ciphertext: 'y', tag: 'z' }));
    tap.fromAmp(reply(1, '/users', 'OK'));
    tap.fromBrowser(request(2, 'set', '/misc', { verifyPassword: 'hunter2', findMe: true }));
    tap.fromAmp(reply(2, '/misc', 'OK'));
    tap.fromBrowser(request(3, 'set', '/UAC', { key: 'k'.repeat(64), roles: ['admin'] }));
    tap.fromAmp(reply(3, '/UAC', 'OK'));
    await turn();
    expect(written).toEqual([
      {
        path: '/amp/channels/1/output',
        from: { name: 'L', password: '[redacted]' },
        to: { name: 'R', password: '[redacted]' },
      },
      { path: '/users', from: null, to: '[redacted]' },
      { path: '/misc', from: null, to: { verifyPassword: '[redacted]', findMe: true } },
      { path: '/UAC', from: null, to: { key: '[redacted]', roles: ['admin'] } },
    ]);
    expect(JSON.stringify(written)).not.toMatch(/hunter2|kkkk|abc|secret/);
  });

  it('passes over frames that cannot matter without reading them, and stops with its session', async () => {
    const { tap, written } = tapped();
    tap.fromAmp(notify({ amp: { channels: { '1': { output: { mute: true } } } } })); // nothing asked yet: not read
    tap.fromBrowser(Buffer.from('not json "set"'));
    tap.fromBrowser(request(1, 'set', '/amp/channels/1/output/mute', false));
    tap.fromAmp(reply(1, '/amp/channels/1/output/mute', 'OK'));
    await turn();
    expect(written).toEqual([{ path: '/amp/channels/1/output/mute', from: null, to: false }]);
    tap.stop();
    tap.fromBrowser(request(2, 'set', '/amp/channels/1/output/mute', true));
    tap.fromAmp(reply(2, '/amp/channels/1/output/mute', 'OK'));
    await turn();
    expect(written).toHaveLength(1);
  });
});
