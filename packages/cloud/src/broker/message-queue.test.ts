import MQEmitter from 'mqemitter';
import { describe, expect, it } from 'vitest';
import { createMessageQueue } from './message-queue';

/**
 * A backlog the size of a few thousand devices publishing at once: one slow delivery holds the only slot while
 * `count` messages queue, then every later delivery completes synchronously.
 */
function drainBacklog(mq: MQEmitter.MQEmitter, count: number): Promise<number[]> {
  const seen: number[] = [];
  let release: (() => void) | undefined;
  mq.on('devices/+/reported', (message, done) => {
    seen.push(message.n as number);
    if (message.n === 0) release = done; // the first is slow
    else done();
  });
  return new Promise((resolve, reject) => {
    for (let n = 0; n < count; n++) {
      mq.emit({ topic: `devices/${n % 50}/reported`, n }, (error) => {
        if (error) reject(error);
        else if (n === count - 1) resolve(seen);
      });
    }
    try {
      release?.();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

describe('the embedded broker message queue', () => {
  it('drains a 50,000-message backlog in order where plain mqemitter overflows the stack', async () => {
    await expect(drainBacklog(MQEmitter({ concurrency: 1 }), 50_000)).rejects.toThrow(RangeError);

    const seen = await drainBacklog(createMessageQueue({ concurrency: 1 }), 50_000);
    expect(seen).toHaveLength(50_000);
    expect(seen.every((n, i) => n === i)).toBe(true);
  });

  it('keeps messages emitted during a deferred drain behind the queued ones', async () => {
    const mq = createMessageQueue({ concurrency: 1 });
    const seen: number[] = [];
    let release: (() => void) | undefined;
    mq.on('t', (message, done) => {
      seen.push(message.n as number);
      if (message.n === 0) release = done;
      else done();
    });
    for (let n = 0; n < 500; n++) mq.emit({ topic: 't', n });
    release?.();
    for (let n = 500; n < 600; n++) mq.emit({ topic: 't', n }); // while part of the backlog waits a macrotask
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual(Array.from({ length: 600 }, (_, i) => i));
  });
});
