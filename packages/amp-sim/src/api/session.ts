/**
 * One client's conversation with an amp, independent of the transport: the WebSocket server feeds it frames,
 * the cloud agent feeds it requests that arrived over MQTT. Requests are answered strictly in the order they
 * arrived (even when one needs async work such as hashing); subscribed changes go out as one `notify` a period.
 */
import { CHOSEN, DeviceErrorCode, errorFrame, replyFrame } from '@rackside/protocol';
import type { Amp } from '../amp';
import { guardWrite, isUnguarded, NonceBook } from '../security/guard';
import { readFrame, replyFrameFromJson, type FrameData } from './frames';
import { lockedPropertyMethods } from './locked-properties';
import { startNotifier } from './notifier';
import { nstProxyMethods } from './nst-proxy';
import { stateMethods } from './state-methods';
import type { ApiRequest, MethodSpec, Outcome, SessionContext } from './types';

/** spec 2 §7/§9: subscription period 100 ms locally, 400 ms through the cloud. */
export const NOTIFY_INTERVAL_MS = 100;
/** The subscription period of the cloud agent's session. */
export const CLOUD_NOTIFY_INTERVAL_MS = 400;

/** How a session talks back, and how often it notifies. */
export interface SessionOptions {
  /** Sends one text frame to the client. */
  send(frame: string): void;
  /**
   * Sends the reply to a request whose result's JSON is known (replyFrameFromJson(url, resultJson, id): the same
   * text), default `send` of that text. A `get` polled again has the same result JSON, so a transport may keep the
   * reply's bytes around it and write only the id.
   */
  sendReply?(url: string, resultJson: string, id: number): void;
  /**
   * Sends a notify (default: `send`). The same frame string goes to every connection of the amp subscribed alike in
   * the tick, so a transport may encode it once for all of them.
   */
  sendNotify?(frame: string): void;
  /** The amp's own cloud agent: 400 ms notify period; requests trusted (the cloud authenticated the user). */
  isCloudAgent?: boolean;
  /** Overrides the notify period. */
  notifyIntervalMs?: number;
  /** True while the transport cannot take more: notifications keep accumulating instead of being sent. */
  backpressured?(): boolean;
}

/** A running session: hand it each incoming frame; close it when the transport closes. */
export interface Session {
  receive(data: FrameData): void;
  close(): void;
}

const METHODS = new Map<string, MethodSpec>(
  Object.entries({ ...stateMethods, ...lockedPropertyMethods, ...nstProxyMethods }),
);

type Entry = { kind: 'request'; req: ApiRequest } | { kind: 'ready'; frame: string };

const isPromise = <T>(v: T | Promise<T>): v is Promise<T> => v instanceof Promise;

async function guarded(spec: MethodSpec, req: ApiRequest, ctx: SessionContext): Promise<Outcome> {
  const error = await guardWrite(ctx.amp, ctx.nonces, req);
  return error ? { error } : spec.run(req, ctx);
}

/** Runs one request: its outcome, at once unless the method or the write guard has async work (hashing). */
function dispatch(req: ApiRequest, ctx: SessionContext): Outcome | Promise<Outcome> {
  const spec = METHODS.get(req.method);
  if (!spec) return { error: { code: DeviceErrorCode.MethodNotFound, message: `unknown method '${req.method}'` } };
  const refusal = spec.refuse?.(req.path);
  if (refusal) return { error: { code: DeviceErrorCode.MethodNotFound, message: refusal } };
  if (!spec.write || ctx.trusted) return spec.run(req, ctx);
  // guardWrite would let it through without checking anything: no need to wait for it
  if (isUnguarded(ctx.amp)) return spec.run(req, ctx);
  return guarded(spec, req, ctx);
}

const internal = (e: unknown): Outcome => ({
  error: { code: DeviceErrorCode.Internal, message: `internal error: ${e instanceof Error ? e.message : 'unknown'}` },
});

function render(req: ApiRequest, out: Outcome): string {
  if (!('result' in out)) return errorFrame(req.url, out.error, req.id);
  return out.resultJson !== undefined
    ? replyFrameFromJson(req.url, out.resultJson, req.id)
    : replyFrame(req.url, out.result, req.id);
}

/** Starts a session of the device API on an amp. */
export function createSession(amp: Amp, opts: SessionOptions): Session {
  const ctx: SessionContext = {
    amp,
    subscriptions: new Set(),
    nonces: new NonceBook(),
    trusted: opts.isCloudAgent === true,
  };
  const queue: Entry[] = [];
  let pendingRequests = 0;
  let draining = false;
  let closed = false;

  const sendWith =
    (to: (frame: string) => void) =>
    (frame: string): void => {
      if (closed) return;
      try {
        to(frame);
      } catch {
        // the transport is going away; its close will end the session
      }
    };
  const send = sendWith((frame) => opts.send(frame));

  const stopNotifier = startNotifier(amp, ctx.subscriptions, {
    periodMs: opts.notifyIntervalMs ?? (opts.isCloudAgent ? CLOUD_NOTIFY_INTERVAL_MS : NOTIFY_INTERVAL_MS),
    send: opts.sendNotify ? sendWith((frame) => opts.sendNotify?.(frame)) : send,
    backpressured: () => opts.backpressured?.() === true,
  });

  /** Sends the reply to one request (one fewer pending). */
  function answer(req: ApiRequest, out: Outcome): void {
    pendingRequests--;
    try {
      if (opts.sendReply && 'result' in out && out.resultJson !== undefined) {
        if (!closed) opts.sendReply(req.url, out.resultJson, req.id);
        return;
      }
      send(render(req, out));
    } catch (e) {
      send(render(req, internal(e)));
    }
  }

  /**
   * Answers the queue in order, synchronously while outcomes are ready; a request whose outcome is a promise
   * (a guarded write on a protected amp) holds the rest of the queue until it settles, then draining resumes.
   */
  function drain(): void {
    if (draining) return;
    draining = true;
    let waiting = false;
    try {
      for (let entry = queue.shift(); entry && !closed; entry = queue.shift()) {
        if (entry.kind === 'ready') {
          send(entry.frame);
          continue;
        }
        const req = entry.req;
        let r: Outcome | Promise<Outcome>;
        try {
          r = dispatch(req, ctx);
        } catch (e) {
          r = internal(e);
        }
        if (isPromise(r)) {
          waiting = true;
          const resume = (out: Outcome): void => {
            try {
              answer(req, out);
            } finally {
              draining = false;
              drain();
            }
          };
          void r.then(resume, (e: unknown) => resume(internal(e)));
          return;
        }
        answer(req, r);
      }
    } finally {
      if (!waiting) draining = false;
    }
  }

  return {
    receive(data) {
      if (closed) return;
      const read = readFrame(data);
      if (!read.ok) queue.push({ kind: 'ready', frame: read.frame });
      else if (pendingRequests >= CHOSEN.maxQueuedRequests)
        queue.push({
          kind: 'ready',
          frame: errorFrame(
            read.req.url,
            { code: DeviceErrorCode.Busy, message: `busy: more than ${CHOSEN.maxQueuedRequests} requests pending` },
            read.req.id,
          ),
        });
      else {
        pendingRequests++;
        queue.push({ kind: 'request', req: read.req });
      }
      drain();
    },
    close() {
      if (closed) return;
      closed = true;
      queue.length = 0;
      stopNotifier();
    },
  };
}
