/**
 * Shapes shared by the device API's session and its method families: a parsed request, a handler's outcome,
 * and what a handler may touch of its session.
 */
import { DeviceErrorCode, type AuthAnswer, type DeviceError } from '@rackside/protocol';
import type { Amp } from '../amp';
import type { NonceBook } from '../security/guard';

/** A request that passed the envelope checks; `url` is as sent, `path` normalised ('/amp/deviceInfo'). */
export interface ApiRequest {
  readonly url: string;
  readonly path: string;
  readonly method: string;
  readonly params: unknown;
  readonly id: number;
  readonly auth?: AuthAnswer;
  readonly signature?: string;
}

/**
 * What a method answers: a result, or an error object (never a thrown exception). `resultJson`, when present, is
 * the result as a reply spells it (see replyFrameFromJson).
 */
export type Outcome = { readonly result: unknown; readonly resultJson?: string } | { readonly error: DeviceError };

/** The parts of a session a method may read or change. */
export interface SessionContext {
  readonly amp: Amp;
  /** Normalised URLs this connection subscribed to. */
  readonly subscriptions: Set<string>;
  /** Nonces handed out in auth challenges on this connection (single use). */
  readonly nonces: NonceBook;
  /** The amp's own cloud agent: its requests were authenticated by the cloud, so no password or UAC checks. */
  readonly trusted: boolean;
}

/** One method of the API: whether it writes (and so is guarded), where it applies, and what it does. */
export interface MethodSpec {
  readonly write: boolean;
  /** A message when the method is not offered at this normalised path. */
  readonly refuse?: (path: string) => string | undefined;
  readonly run: (req: ApiRequest, ctx: SessionContext) => Outcome | Promise<Outcome>;
}

/** A successful outcome. */
export const ok = (result: unknown): Outcome => ({ result });
/** A failed outcome with a code from DeviceErrorCode and a message for people. */
export const fail = (code: DeviceErrorCode, message: string): Outcome => ({ error: { code, message } });
/** The outcome a `set` and most actions answer (its reply text, resultJsonOf('OK'), known beforehand). */
export const OK: Outcome = { result: 'OK', resultJson: '"OK"' };

/** Offers a method at the given URLs only ('/lockedProperties', '/NSTProxy'). */
export const onlyAt =
  (method: string, ...paths: string[]) =>
  (path: string): string | undefined =>
    paths.includes(path) ? undefined : `method '${method}' is only available on ${paths.join(', ')}`;

/** Re-exported so method families import codes from one place. */
export { DeviceErrorCode };
