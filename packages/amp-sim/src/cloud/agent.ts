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
 *   until the token or the endpoint changes.
 * Clearing the token during registration abandons it.
 */
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

/** Options of startCloudAgent. */
export interface CloudAgentOptions {
  readonly fetch?: typeof fetch;
  readonly backoff?: { readonly initialMs: number; readonly maxMs: number };
  /** Jitter source in [0, 1) (tests pass a constant). */
  readonly random?: () => number;
  readonly requestTimeoutMs?: number;
  /** Opens the broker session (MQTT) with the issued credentials; resolves once connected. */
  readonly connector?: (creds: DeviceCredentials, amp: Amp) => Promise<CloudSession>;
  /** Told of every successful registration (e.g. to persist the credentials). */
  readonly onRegistered?: (creds: DeviceCredentials) => void;
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
type Outcome = { kind: 'ok'; creds: DeviceCredentials } | { kind: 'retry' } | { kind: 'fail' };

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
    if (!url) return { kind: 'fail' };
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
      if (!res.ok) return { kind: 'fail' };
      const parsed = RegistrationReplySchema.safeParse(await res.json().catch(() => undefined));
      return parsed.success ? { kind: 'ok', creds: parsed.data } : { kind: 'fail' };
    } catch {
      return { kind: 'retry' };
    }
  }

  async function register(token: string, endpoint: string, a: Attempts): Promise<void> {
    setStatus('Registering');
    for (let attempt = 0; ; attempt++) {
      const outcome = await registerOnce(token, endpoint, a);
      if (a.abort.signal.aborted) return;
      if (outcome.kind === 'fail') {
        job = undefined;
        setStatus('Failed');
        return;
      }
      if (outcome.kind === 'ok') {
        job = undefined;
        resting = 'Registered';
        amp.apply({ cloud: { status: 'Registered', deviceId: outcome.creds.deviceId, registrationToken: '' } }, 'amp');
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

  async function connect(creds: DeviceCredentials): Promise<void> {
    link?.abort.abort();
    const old = session;
    session = undefined;
    await closeQuietly(old);
    if (!opts.connector || stopped) return;
    const a: Attempts = { abort: new AbortController() };
    link = a;
    for (let attempt = 0; ; attempt++) {
      try {
        const s = await opts.connector(creds, amp);
        if (a.abort.signal.aborted) {
          await closeQuietly(s);
          return;
        }
        session = s;
        setStatus('Connected');
        return;
      } catch {
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
