/**
 * The amp's cloud agent, registration part (spec 1 §4, ARCHITECTURE.md "Registration"). When `/cloud
 * registrationToken` and `registrationEndpoint` are both set, it POSTs the registration request (registration.ts)
 * and drives `/cloud status`: Registering → Registered (→ Connected once the connector resolves), or Failed.
 *
 * - 2xx with a valid reply: `deviceId` stored, the token cleared (single use), `onRegistered` told, the previous
 *   broker session closed and the connector started with the new credentials (retried with back-off if it fails).
 * - Network error, time-out (10 s), 408, 429 or 5xx, or the amp's network down: retry with exponential back-off
 *   (initial 1 s, doubling, at most 60 s) with equal jitter (each wait is between half and all of the step);
 *   a retry fires at once when the amp's network comes back.
 * - Other 4xx, a 2xx whose body is not a valid reply, or an endpoint that is not http(s): Failed, and no retry
 *   until the token or the endpoint changes. `/cloud lastError` keeps why: the cloud's error name for a used,
 *   expired or unknown token (cloud/errors.ts DEVICE_API_ERRORS), else REGISTRATION_REFUSED.
 * Clearing the token during registration abandons it.
 *
 * Once registered, `/cloud status` follows the broker session: Connected while it is up, Registered while it is
 * down. The agent forgets its credentials (Unregistered, no device id, `onDeregistered` told; issue 16) when the
 * cloud says it removed the device (DEVICE_REMOVED) or when the broker keeps refusing them for `refusalGraceMs`
 * (CREDENTIALS_REFUSED: an amp that was offline while it was removed, or an external broker that revoked it).
 */
import type { CloudError } from '@rackside/protocol';
import { DEVICE_API_ERRORS } from '@rackside/protocol';
import type { Amp } from '../amp';
import {
  RegistrationReplySchema,
  registrationUrl,
  type DeviceCredentials,
  type RegistrationRequest,
} from './registration';

/** A live broker session opened by a connector. */
export interface CloudSession {
  close(): void | Promise<void>;
}

/** What a connector tells the agent about the session it opened (all optional for a connector to call). */
export interface CloudSessionEvents {
  /** The broker connection came up or went down (the session reconnects by itself). */
  connected(up: boolean): void;
  /** The broker refused the credentials on a reconnection (MQTT CONNACK 4/5, MQTT 5 0x86/0x87). */
  refused(): void;
  /** The cloud said it no longer knows this device (a `deregistered` job); the session has left the broker. */
  deregistered(): void;
}

/** A connector's first connection failed because the broker refused the credentials (not a network failure). */
export class CredentialsRefusedError extends Error {
  constructor(message = 'the broker refused the device credentials') {
    super(message);
    this.name = 'CredentialsRefusedError';
  }
}

/** Options of startCloudAgent. */
export interface CloudAgentOptions {
  readonly fetch?: typeof fetch;
  readonly backoff?: { readonly initialMs: number; readonly maxMs: number };
  /** Jitter source in [0, 1) (tests pass a constant). */
  readonly random?: () => number;
  readonly requestTimeoutMs?: number;
  /**
   * Opens the broker session (MQTT) with the issued credentials; resolves once connected, rejects with
   * CredentialsRefusedError when the broker refuses them.
   */
  readonly connector?: (creds: DeviceCredentials, amp: Amp, events: CloudSessionEvents) => Promise<CloudSession>;
  /** Told of every successful registration (e.g. to persist the credentials). */
  readonly onRegistered?: (creds: DeviceCredentials) => void;
  /** Told when the agent forgets its credentials (e.g. to delete the persisted ones). */
  readonly onDeregistered?: (reason: CloudError) => void;
  /**
   * How long the broker must keep refusing the credentials before the agent forgets them (ms; default 15 s, our
   * choice: a broker restarting with a stale password file refuses everyone for a moment). 0: at the first refusal.
   */
  readonly refusalGraceMs?: number;
  /** Credentials from an earlier registration: the agent connects with them at start. */
  readonly credentials?: DeviceCredentials;
}

/** A running cloud agent. */
export interface CloudAgent {
  /** Stops registering and closes the broker session. */
  stop(): Promise<void>;
}

/** Closes a session, ignoring its failure: it is being let go anyway. */
async function closeQuietly(s: CloudSession | undefined): Promise<void> {
  try {
    await s?.close();
  } catch {
    // nothing to do about a session that fails to close
  }
}

type Status = 'Unregistered' | 'Registering' | 'Registered' | 'Connected' | 'Failed';
type Outcome = { kind: 'ok'; creds: DeviceCredentials } | { kind: 'retry' } | { kind: 'fail'; reason: CloudError };

const TOKEN_ERRORS: readonly string[] = DEVICE_API_ERRORS;
/** Why the cloud refused a registration: its error name for a token, else REGISTRATION_REFUSED. */
async function refusalOf(res: Response): Promise<CloudError> {
  const body: unknown = await res.json().catch(() => undefined);
  const name = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof name === 'string' && TOKEN_ERRORS.includes(name) ? (name as CloudError) : 'REGISTRATION_REFUSED';
}

interface Attempts {
  readonly abort: AbortController;
  /** Cuts the current back-off wait short (the network came back). */
  wake?: () => void;
}

/** Starts the cloud agent of one amp. */
export function startCloudAgent(amp: Amp, opts: CloudAgentOptions = {}): CloudAgent {
  const doFetch = opts.fetch ?? fetch;
  const { initialMs, maxMs } = opts.backoff ?? { initialMs: 1000, maxMs: 60_000 };
  const random = opts.random ?? Math.random;
  let currentKey: string | undefined;
  let job: Attempts | undefined;
  let link: Attempts | undefined; // the connector's attempts
  let session: CloudSession | undefined;
  let stopped = false;
  let resting: Status = 'Unregistered'; // what an abandoned registration falls back to
  let refusedSince: number | undefined; // the broker has refused the credentials since then, without a success
  const graceMs = opts.refusalGraceMs ?? 15_000;

  const setStatus = (status: Status) => {
    if (status === 'Registered' || status === 'Connected') resting = status;
    amp.apply({ cloud: { status } }, 'amp');
  };
  const delay = (attempt: number) => {
    const step = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
    return step / 2 + (random() * step) / 2;
  };
  const wait = (ms: number, a: Attempts) =>
    new Promise<boolean>((resolve) => {
      if (a.abort.signal.aborted) return resolve(false);
      const done = (ok: boolean) => {
        clearTimeout(timer);
        a.abort.signal.removeEventListener('abort', onAbort);
        a.wake = undefined;
        resolve(ok);
      };
      const onAbort = () => done(false);
      const timer = setTimeout(() => done(true), ms);
      a.abort.signal.addEventListener('abort', onAbort, { once: true });
      a.wake = () => done(true);
    });

  async function registerOnce(token: string, endpoint: string, a: Attempts): Promise<Outcome> {
    const url = registrationUrl(endpoint);
    if (!url) return { kind: 'fail', reason: 'REGISTRATION_REFUSED' };
    if (!amp.networkUp) return { kind: 'retry' };
    const text = (path: string, fallback: string) => {
      const v = amp.read(path);
      return typeof v === 'string' && v !== '' ? v : fallback;
    };
    const body: RegistrationRequest = {
      registrationToken: token,
      mac: text('/network/ethernet/mac', amp.identity.mac),
      serialNumber: text('/amp/deviceInfo/serialNumber', amp.identity.serialNumber),
      modelID: amp.model.modelID,
      firmwareVersion: text('/amp/deviceInfo/firmwareVersion', amp.identity.firmwareVersion),
      deviceName: text('/amp/deviceInfo/deviceName', amp.identity.deviceName),
    };
    try {
      const res = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.any([a.abort.signal, AbortSignal.timeout(opts.requestTimeoutMs ?? 10_000)]),
      });
      if (res.status >= 500 || res.status === 408 || res.status === 429) return { kind: 'retry' };
      if (!res.ok) return { kind: 'fail', reason: await refusalOf(res) };
      const parsed = RegistrationReplySchema.safeParse(await res.json().catch(() => undefined));
      return parsed.success ? { kind: 'ok', creds: parsed.data } : { kind: 'fail', reason: 'REGISTRATION_REFUSED' };
    } catch {
      return { kind: 'retry' };
    }
  }

  async function register(token: string, endpoint: string, a: Attempts): Promise<void> {
    amp.apply({ cloud: { status: 'Registering', lastError: 'None' } }, 'amp');
    for (let attempt = 0; ; attempt++) {
      const outcome = await registerOnce(token, endpoint, a);
      if (a.abort.signal.aborted) return;
      if (outcome.kind === 'fail') {
        job = undefined;
        amp.apply({ cloud: { status: 'Failed', lastError: outcome.reason } }, 'amp');
        return;
      }
      if (outcome.kind === 'ok') {
        job = undefined;
        resting = 'Registered';
        const { deviceId } = outcome.creds;
        amp.apply({ cloud: { status: 'Registered', deviceId, registrationToken: '', lastError: 'None' } }, 'amp');
        try {
          opts.onRegistered?.(outcome.creds);
        } catch {
          // the listener's failure does not undo the registration
        }
        await connect(outcome.creds);
        return;
      }
      if (!(await wait(delay(attempt), a))) return;
    }
  }

  /** Whether news about the session of `creds` opened by attempt `a` still concerns the amp. */
  const current = (creds: DeviceCredentials, a: Attempts) =>
    !stopped &&
    link === a &&
    !a.abort.signal.aborted &&
    job === undefined &&
    amp.state.cloud.deviceId === creds.deviceId;

  /** Lets the credentials go: the cloud no longer knows this device (issue 16). */
  async function forget(creds: DeviceCredentials, a: Attempts, reason: CloudError): Promise<void> {
    if (!current(creds, a)) return;
    a.abort.abort();
    link = undefined;
    refusedSince = undefined;
    resting = 'Unregistered';
    const old = session;
    session = undefined;
    amp.apply({ cloud: { status: 'Unregistered', deviceId: '', lastError: reason } }, 'amp');
    try {
      opts.onDeregistered?.(reason);
    } catch {
      // the listener's failure does not bring the credentials back
    }
    await closeQuietly(old);
  }

  /** The broker refused the credentials: forgotten once it has refused them for the grace period. */
  function onRefused(creds: DeviceCredentials, a: Attempts): boolean {
    if (!current(creds, a)) return false;
    refusedSince ??= Date.now();
    if (Date.now() - refusedSince < graceMs) return false;
    void forget(creds, a, 'CREDENTIALS_REFUSED');
    return true;
  }

  async function connect(creds: DeviceCredentials): Promise<void> {
    link?.abort.abort();
    refusedSince = undefined;
    const old = session;
    session = undefined;
    await closeQuietly(old);
    if (!opts.connector || stopped) return;
    const a: Attempts = { abort: new AbortController() };
    link = a;
    const events: CloudSessionEvents = {
      connected: (up) => {
        if (!current(creds, a) || session === undefined) return;
        if (up) refusedSince = undefined;
        setStatus(up ? 'Connected' : 'Registered');
      },
      refused: () => void onRefused(creds, a),
      deregistered: () => void forget(creds, a, 'DEVICE_REMOVED'),
    };
    for (let attempt = 0; ; attempt++) {
      try {
        const s = await opts.connector(creds, amp, events);
        if (a.abort.signal.aborted) {
          await closeQuietly(s);
          return;
        }
        session = s;
        refusedSince = undefined;
        setStatus('Connected');
        return;
      } catch (error) {
        if (error instanceof CredentialsRefusedError && onRefused(creds, a)) return;
        if (!(await wait(delay(attempt), a))) return;
      }
    }
  }

  /** Starts a registration when the (token, endpoint) pair changes to a complete one. */
  function evaluate(): void {
    if (stopped) return;
    const { registrationToken: token, registrationEndpoint: endpoint } = amp.state.cloud;
    const key = token && endpoint ? `${token}\n${endpoint}` : undefined;
    if (key === currentKey) return;
    currentKey = key;
    if (job) {
      job.abort.abort();
      job = undefined;
      if (amp.state.cloud.status === 'Registering') setStatus(resting);
    }
    if (!key) return;
    const a: Attempts = { abort: new AbortController() };
    job = a;
    register(token, endpoint, a).catch(() => undefined); // a throwing change listener must not crash the amp
  }

  const offChange = amp.onChange((delta) => {
    const cloud = delta.cloud as Record<string, unknown> | undefined;
    if (cloud && ('registrationToken' in cloud || 'registrationEndpoint' in cloud)) evaluate();
  });
  const offNetwork = amp.onNetwork((up) => {
    if (up) for (const a of [job, link]) a?.wake?.();
  });
  if (opts.credentials) {
    resting = 'Registered';
    amp.apply({ cloud: { status: 'Registered', deviceId: opts.credentials.deviceId } }, 'amp');
    connect(opts.credentials).catch(() => undefined);
  }
  evaluate();

  return {
    async stop() {
      stopped = true;
      offChange();
      offNetwork();
      job?.abort.abort();
      link?.abort.abort();
      job = undefined;
      const s = session;
      session = undefined;
      await closeQuietly(s);
    },
  };
}
