/**
 * The demo's seed (`npm start`, scripts/start.ts): a confirmed, email-verified demo account, its venues, and emulated
 * amps registered to them the way real amps are: the account asks for a registration token (spec 1 §2 Add Amp), the
 * amp gets it with the registration endpoint (what its Connect page does) and its cloud agent registers over HTTP,
 * then connects over MQTT. Everything goes through the public REST API and the dev outbox, so it works against any
 * running cloud that is not in production mode.
 *
 * Idempotent: an existing account and venues are reused; an amp whose device id the account still has keeps it (it
 * reconnects with its persisted credentials) unless it fails to reconnect within a grace time; every other device of
 * the account is removed before the amps that need it are registered again, so runs never pile up duplicates.
 */
import {
  CloudSessionSchema,
  DEVICE_PATHS,
  DeviceAttributesReplySchema,
  ErrorBodySchema,
  IDENTITY_PATHS,
  OUTBOX_PATH,
  OutboxListSchema,
  RegistrationTokenReplySchema,
  VENUE_PATHS,
  VenueDevicesSchema,
  VenueListSchema,
  VenueReplySchema,
  fillPath,
  type Venue,
} from '@rackside/protocol';
import { z } from 'zod';

export const DEMO_EMAIL = 'demo@rackside.local';
/** Meets spec 1 §5 (length, cases, digit, symbol). */
export const DEMO_PASSWORD = 'Rackside-demo1!';
export const DEMO_VENUES: readonly string[] = ['Demo Venue', 'Second Stage'];

/** One amp of the demo as the seed sees it. */
export interface DemoAmp {
  /** The cloud device id the amp holds from an earlier registration, or undefined. */
  deviceId(): string | undefined;
  /** Hands the amp a registration token and the registration endpoint (its Connect page's two fields). */
  register(token: string, endpoint: string): void;
}

export interface SeedDemoOptions {
  /** The cloud API base, e.g. http://127.0.0.1:8090/api (also the amps' registration endpoint). */
  readonly apiUrl: string;
  readonly amps: readonly DemoAmp[];
  readonly email?: string;
  readonly password?: string;
  /** Venue names; the amps are shared out: the first venue gets all but the last third, the second the rest. */
  readonly venues?: readonly string[];
  /** How long amps that kept their device get to reconnect before they register anew (default 8 s). */
  readonly reconnectGraceMs?: number;
  /** How long to wait for every amp to show connected (default 20 s); 0 does not wait. */
  readonly connectTimeoutMs?: number;
  readonly fetch?: typeof fetch;
}

export interface DemoSeed {
  readonly email: string;
  readonly password: string;
  /** The account was made by this run. */
  readonly accountCreated: boolean;
  readonly venues: readonly Venue[];
  /** Amps registered by this run, amps that kept their device, stale devices removed. */
  readonly registered: number;
  readonly kept: number;
  readonly removed: number;
  /** Amps the cloud shows connected when the seed returned. */
  readonly connected: number;
}

/** A REST call that went wrong: the cloud's error name, or the status. */
export class SeedError extends Error {
  override name = 'SeedError';
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

/** Which venue (index) the i-th of n amps goes to, for v venues: all but the last third to the first. */
export function demoVenueOf(i: number, n: number, v: number): number {
  if (v <= 1) return 0;
  const first = n - Math.floor(n / 3);
  return i < first ? 0 : Math.min(v - 1, 1 + Math.floor(((i - first) * (v - 1)) / Math.max(1, n - first)));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function seedDemo(opts: SeedDemoOptions): Promise<DemoSeed> {
  const doFetch = opts.fetch ?? fetch;
  const email = opts.email ?? DEMO_EMAIL;
  const password = opts.password ?? DEMO_PASSWORD;
  const names = opts.venues ?? DEMO_VENUES;
  let bearer: string | undefined;

  async function call<T>(
    method: string,
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<T> {
    const q = query ? `?${new URLSearchParams(query).toString()}` : '';
    const res = await doFetch(`${opts.apiUrl}${path}${q}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      const err = ErrorBodySchema.safeParse(json);
      throw new SeedError(
        err.success ? err.data.error : `HTTP ${res.status}`,
        `${method} ${path}: ${err.success ? err.data.message : res.status}`,
      );
    }
    return schema.parse(json);
  }
  const any = z.unknown();

  const newestCode = async () => {
    const { mails } = await call('GET', OUTBOX_PATH, OutboxListSchema, undefined, { to: email });
    const code = mails[0]?.code;
    if (!code) throw new SeedError('NoCode', `no confirmation code for ${email} in the dev outbox`);
    return code;
  };
  const confirm = async () => {
    try {
      await call('POST', IDENTITY_PATHS.confirmSignUp, any, { email, code: await newestCode() });
    } catch {
      // the last code expired or was used up: a fresh one
      await call('POST', IDENTITY_PATHS.resendCode, any, { email });
      await call('POST', IDENTITY_PATHS.confirmSignUp, any, { email, code: await newestCode() });
    }
  };
  const signIn = async () => {
    bearer = (await call('POST', IDENTITY_PATHS.signIn, CloudSessionSchema, { email, password })).idToken;
  };

  // the account: signed in, else made (sign-up, the outbox's code, confirmation) or confirmed
  let accountCreated = false;
  try {
    await signIn();
  } catch (e) {
    if (!(e instanceof SeedError)) throw e;
    if (e.error === 'EmailNotFound') {
      await call('POST', IDENTITY_PATHS.signUp, any, { email, password, passwordConfirm: password });
      accountCreated = true;
      await confirm();
    } else if (e.error === 'UserNotConfirmed') await confirm();
    else throw e;
    await signIn();
  }

  // the venues, by name (compared without case, as the cloud does)
  const existing = (await call('GET', VENUE_PATHS.venues, VenueListSchema)).venues;
  const venues: Venue[] = [];
  for (const name of names) {
    const found = existing.find((v) => v.name.toLowerCase() === name.toLowerCase());
    venues.push(found ?? (await call('POST', VENUE_PATHS.venues, VenueReplySchema, { venue: { name } })).venue);
  }

  // the account's devices: kept when an amp holds the id, else removed
  const held = new Set(opts.amps.map((a) => a.deviceId()).filter((id): id is string => id !== undefined));
  const known = new Map<string, string>(); // device id → venue id
  let removed = 0;
  const remove = async (deviceId: string) => {
    await call('DELETE', fillPath(DEVICE_PATHS.device, { deviceId }), any);
    removed += 1;
  };
  for (const venue of (await call('GET', VENUE_PATHS.venues, VenueListSchema)).venues) {
    const path = fillPath(DEVICE_PATHS.venueDevices, { venueId: venue.venueId });
    for (const { deviceId } of (await call('GET', path, VenueDevicesSchema)).devices) {
      if (held.has(deviceId)) known.set(deviceId, venue.venueId);
      else await remove(deviceId);
    }
  }

  // the other amps register with a token of their venue
  let registered = 0;
  const register = async (amp: DemoAmp, venueId: string) => {
    const path = fillPath(DEVICE_PATHS.registrationToken, { venueId });
    const { registrationToken } = await call('POST', path, RegistrationTokenReplySchema);
    amp.register(registrationToken, opts.apiUrl);
    registered += 1;
  };
  for (const [i, amp] of opts.amps.entries()) {
    const id = amp.deviceId();
    if (id !== undefined && known.has(id)) continue;
    const venue = venues[demoVenueOf(i, opts.amps.length, venues.length)];
    if (venue) await register(amp, venue.venueId);
  }

  // the device ids the cloud shows connected, waited for until all amps are or the time is up
  const connectedNow = async () => {
    const ids = new Set<string>();
    for (const venue of (await call('GET', VENUE_PATHS.venues, VenueListSchema)).venues) {
      const path = fillPath(DEVICE_PATHS.attributes, { venueId: venue.venueId });
      const { devices } = await call('POST', path, DeviceAttributesReplySchema, {});
      for (const d of devices) if (d.deviceAttributes.connected) ids.add(d.deviceId);
    }
    return ids;
  };
  const waitConnected = async (ms: number) => {
    const deadline = Date.now() + ms;
    let ids = await connectedNow();
    while (ids.size < opts.amps.length && Date.now() < deadline) {
      await sleep(250);
      ids = await connectedNow();
    }
    return ids;
  };
  let connected = await waitConnected(opts.reconnectGraceMs ?? 8000);

  // a kept amp that cannot reconnect (its credentials name another broker, the cloud forgot them…) starts over
  let kept = known.size;
  for (const amp of opts.amps) {
    const id = amp.deviceId();
    const venueId = id === undefined ? undefined : known.get(id);
    if (id === undefined || venueId === undefined || connected.has(id)) continue;
    await remove(id);
    await register(amp, venueId);
    kept -= 1;
  }
  if (connected.size < opts.amps.length) connected = await waitConnected(opts.connectTimeoutMs ?? 20_000);
  return { email, password, accountCreated, venues, registered, kept, removed, connected: connected.size };
}
