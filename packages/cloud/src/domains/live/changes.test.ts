/**
 * The node-to-node change format (changes.ts) and the listener's choices (notifier.ts) without a database: payloads
 * under PostgreSQL's 8000-byte limit however many ids, foreign or damaged payloads ignored, the in-process backend
 * for a database that cannot LISTEN, and the reconnection back-off.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { LIVE_PAYLOAD_MAX, notifyLive, parseChanges, payloadsOf, type LiveChanges } from './changes';
import { BACKOFF_MAX_MS, BACKOFF_MIN_MS, backendOf, backoffMs, listenLive } from './notifier';

const silent = { info: () => undefined, warn: () => undefined };

describe('live changes between nodes', () => {
  it('fit any number of ids into payloads below the limit, and read them back whole', () => {
    const changes = {
      d: Array.from({ length: 900 }, (_, i) => `device-${i}-${randomUUID()}`),
      i: Array.from({ length: 300 }, () => randomUUID()),
      r: [randomUUID()],
      t: Array.from({ length: 200 }, () => [randomUUID(), randomUUID()] as const),
      s: [randomUUID()],
    } satisfies LiveChanges;
    const payloads = payloadsOf(changes);
    expect(payloads.length).toBeGreaterThan(5);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(LIVE_PAYLOAD_MAX);
    const back = payloads.map((p) => parseChanges(p));
    expect(back).not.toContain(undefined);
    const all = (key: keyof LiveChanges) => back.flatMap((c) => [...(c?.[key] ?? [])]);
    expect(all('d')).toEqual(changes.d);
    expect(all('i')).toEqual(changes.i);
    expect(all('r')).toEqual(changes.r);
    expect(all('t')).toEqual(changes.t);
    expect(all('s')).toEqual(changes.s);
    expect(payloadsOf({})).toEqual([]);
    expect(payloadsOf({ d: [] })).toEqual([]);
  });

  it('ignore payloads that are not ours or are damaged (a foreign NOTIFY on the channel)', () => {
    for (const bad of [
      '',
      'hello',
      '{}',
      '{"v":2,"d":["a"]}',
      '{"v":1,"i":["not-a-uuid"]}',
      '{"v":1,"d":[""]}',
      `{"v":1,"d":["${'x'.repeat(65)}"]}`,
      '{"v":1,"t":[["a"]]}',
      '[1,2]',
    ])
      expect(parseChanges(bad), bad).toBeUndefined();
    expect(parseChanges('{"v":1,"d":["amp-1"],"extra":true}')).toEqual({ d: ['amp-1'] });
  });

  it('fall back to this process alone for a database it cannot LISTEN on', async () => {
    const executed: unknown[] = [];
    const fake = { execute: (query: unknown) => Promise.resolve(void executed.push(query)) } as unknown as Db;
    expect(backendOf(fake)).toBe('memory');
    const got: LiveChanges[] = [];
    const listener = await listenLive(fake, { changes: (c) => got.push(c), resync: () => undefined }, silent);
    expect(listener.backend).toBe('memory');
    await notifyLive(fake, { d: ['amp-1'] });
    await notifyLive(fake, {}); // nothing changed: nothing sent
    expect(got).toEqual([{ d: ['amp-1'] }]);
    expect(executed).toHaveLength(1);
    await listener.stop();
    await notifyLive(fake, { d: ['amp-2'] });
    expect(got).toHaveLength(1);
  });

  it('back off from 100 ms, doubling, jittered, never beyond 10 s', () => {
    expect(backoffMs(0, () => 1)).toBe(BACKOFF_MIN_MS);
    expect(backoffMs(0, () => 0)).toBe(BACKOFF_MIN_MS / 2);
    expect(backoffMs(3, () => 1)).toBe(BACKOFF_MIN_MS * 8);
    expect(backoffMs(50, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffMs(1e9, () => 0.5)).toBeLessThanOrEqual(BACKOFF_MAX_MS);
  });
});
