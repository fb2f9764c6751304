/**
 * The embedded broker's message queue: mqemitter, as Aedes uses by default, made safe under a backlog.
 *
 * mqemitter runs at most `concurrency` messages at once and queues the rest; when one finishes it starts the next
 * synchronously, and when delivery also completes synchronously the whole backlog drains in ONE call stack. With a
 * few thousand devices publishing at once that is a `RangeError: Maximum call stack size exceeded` thrown out of the
 * broker, which ends the cloud process (bench/cloud at 5,000 agents; mcollina/mqemitter#204, moscajs/aedes#193).
 * Here a start that is nested more than MAX_DEPTH deep goes to the next macrotask instead, keeping its slot so the
 * order of messages is kept; a shallow backlog still drains synchronously, as fast as before.
 */
import MQEmitter from 'mqemitter';

/** Nested synchronous starts allowed before one is deferred (each is ~8 stack frames). */
export const MAX_DEPTH = 64;

type Emitter = MQEmitter.MQEmitter;
type Do = (this: Emitter, message: unknown, callback: unknown) => Emitter;

/** An mqemitter for `Aedes.createBroker({ mq })` that never overflows the stack draining its queue. */
export function createMessageQueue(options: { readonly concurrency: number }): Emitter {
  const mq = MQEmitter({ concurrency: options.concurrency });
  // _do is mqemitter's own (private) start of one message; there is no public hook for this (see above)
  const target = mq as Emitter & { _do: Do; current: number };
  const start = target._do;
  let depth = 0;
  target._do = function (message, callback) {
    if (depth >= MAX_DEPTH) {
      this.current++; // hold the slot: later emits queue behind this message instead of overtaking it
      setImmediate(() => {
        this.current--;
        start.call(this, message, callback);
      });
      return this;
    }
    depth++;
    try {
      return start.call(this, message, callback);
    } finally {
      depth--;
    }
  };
  return mq;
}
