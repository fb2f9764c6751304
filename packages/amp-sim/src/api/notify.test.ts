import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type TestClient } from './test-helpers';

let h: Harness;
let c: TestClient;
beforeEach(async () => {
  h = await startHarness();
  c = await h.connect();
});
afterEach(() => h.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const nextNotify = () => c.until(() => c.notifies.shift(), 1000, 'a notify');

describe('notify', () => {
  it('subscribe answers the subtree relative to its url', async () => {
    const r = await c.call('subscribe', '/amp/channels');
    expect(Object.keys(r.msg.result as object)).toEqual(['1', '2', '3', '4']);
    expect(r.msg.result).toEqual(h.amp.read('/amp/channels'));
  });

  it('batches changes into one notify rooted at / holding only what changed, pretty-printed', async () => {
    await c.call('subscribe', '/amp/channels');
    await sleep(150);
    c.notifies.length = 0;
    h.amp.apply({ amp: { channels: { '1': { output: { mute: true } } } } });
    h.amp.apply({ amp: { channels: { '2': { levels: { level_db: -12 } } } } });
    h.amp.apply({ amp: { channels: { '1': { output: { mute: true } } } } }); // no change: not sent again
    const n = await nextNotify();
    expect(n.text).toBe(true);
    expect(Object.keys(n.msg)).toEqual(['leaApi', 'url', 'method', 'params']);
    expect(n.msg).toEqual({
      leaApi: '1.0',
      url: '/',
      method: 'notify',
      params: { amp: { channels: { '1': { output: { mute: true } }, '2': { levels: { level_db: -12 } } } } },
    });
    expect(
      n.raw.startsWith('{\n  "leaApi": "1.0",\n  "url": "/",\n  "method": "notify",\n  "params": {\n    "amp": {'),
    ).toBe(true);
    await sleep(250);
    expect(c.notifies).toEqual([]);
  });

  it('flushes about every 100 ms and sends nothing when nothing changed', async () => {
    await c.call('subscribe', '/amp');
    await sleep(350);
    expect(c.notifies).toEqual([]);
    const stamps: number[] = [];
    for (let i = 0; i < 6; i++) {
      h.amp.apply({ amp: { channels: { '1': { levels: { level_db: -40 + i } } } } });
      await nextNotify();
      stamps.push(Date.now());
      await sleep(5);
    }
    const gaps = stamps.slice(1).map((t, i) => t - stamps[i]!);
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(60);
    for (const g of gaps) expect(g).toBeLessThan(400);
  });

  it('filters to subscribed urls, and a client gets its own set back', async () => {
    await c.call('subscribe', 'amp/channels/1/output');
    h.amp.apply({ amp: { channels: { '2': { output: { mute: true } } }, autoStandby: { enable: true } } });
    expect((await c.call('set', '/amp/channels/1/output', { fader: -12 })).msg.result).toBe('OK');
    const n = await nextNotify();
    expect(n.msg.params).toEqual({ amp: { channels: { '1': { output: { fader: -12 } } } } });
  });

  it('tells other clients about a set, and stops after unsubscribe', async () => {
    const other = await h.connect();
    await other.call('subscribe', '/');
    await c.call('set', '/amp/autoStandby', { timeToWait: 45 });
    const n = await other.until(() => other.notifies.shift(), 1000, 'notify');
    expect(n.msg.params).toEqual({ amp: { autoStandby: { timeToWait: 45 } } });
    expect((await other.call('unsubscribe', '/')).msg.result).toBe('OK');
    await c.call('set', '/amp/autoStandby', { timeToWait: 40 });
    await sleep(250);
    expect(other.notifies).toEqual([]);
  });

  it('sends nothing to a client without subscriptions', async () => {
    h.amp.apply({ amp: { channels: { '1': { output: { mute: true } } } } });
    await sleep(250);
    expect(c.notifies).toEqual([]);
  });
});
