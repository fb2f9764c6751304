import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, TestClient, type Harness } from './test-helpers';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('device API server', () => {
  it('counts connections', async () => {
    const a = await h.connect();
    await h.connect();
    await a.call('get', '/misc');
    expect(h.api.connectionCount()).toBe(2);
    await a.close();
    await sleep(50);
    expect(h.api.connectionCount()).toBe(1);
  });

  it('drops connections and refuses new ones while the network is unplugged, then accepts again', async () => {
    const c = await h.connect();
    h.amp.unplugNetwork(400);
    await c.until(() => (c.closed ? true : undefined), 1000, 'the drop');
    expect(h.api.connectionCount()).toBe(0);
    await expect(TestClient.connect(h.api.port)).rejects.toThrow();
    await sleep(500);
    expect(h.amp.networkUp).toBe(true);
    const again = await h.connect();
    expect((await again.call('get', '/amp/deviceInfo/deviceName')).msg.result).toBe(
      h.amp.read('/amp/deviceInfo/deviceName'),
    );
  });

  it('sends one notify to every subscriber alike as the same text frame, encoded once', async () => {
    const a = await h.connect();
    const b = await h.connect();
    await a.call('subscribe', '/amp/channels/1/output');
    await b.call('subscribe', '/amp/channels/1/output');
    h.amp.apply({ amp: { channels: { '1': { output: { fader: -7.5 } } } } });
    const [na, nb] = [
      await a.until(() => a.notifies[0], 1000, 'the notify'),
      await b.until(() => b.notifies[0], 1000, 'the notify'),
    ];
    expect(na.text && nb.text).toBe(true);
    expect(nb.raw).toBe(na.raw);
    expect(na.msg.params).toEqual({ amp: { channels: { '1': { output: { fader: -7.5 } } } } });
    // the next notify is another frame: the encoded bytes follow the text
    h.amp.apply({ amp: { channels: { '1': { output: { fader: -8 } } } } });
    const next = await a.until(() => a.notifies[1], 1000, 'the second notify');
    expect(next.msg.params).toEqual({ amp: { channels: { '1': { output: { fader: -8 } } } } });
  });

  it('answers plain HTTP with 426', async () => {
    const res = await fetch(`http://127.0.0.1:${h.api.port}/`);
    expect(res.status).toBe(426);
  });
});
