/**
 * The demo's seed (`npm start`, scripts/start.ts): a confirmed, email-verified demo account, its venues, and emulated
 * amps registered to them the way real amps are: the account asks for a registration token (spec 1 §2 Add Amp), the
 * amp gets it with the registration endpoint (what its Connect page does) and its cloud agent registers over HTTP,
 * then connects over MQTT. Everything goes through the public REST API and the dev outbox, so it works against any
 * running cloud that is not in production mode.
 *
 * With `firmware`, the account's firmware library gets a release zip (made by the caller: the cloud does not import
 * the emulator) of every family the amps use, at a version newer than they run, uploaded through POST /firmware as
 * the demo user, so that "Update available" in the console is real and an update can be run.
 *
 * Idempotent: an existing account and venues are reused; families whose image of that version the library has are
 * not uploaded again; an amp whose device id the account still has keeps it (it
 * reconnects with its persisted credentials) unless it fails to reconnect within a grace time; every other device of
 * the account is removed before the amps that need it are registered again, so runs never pile up duplicates.
 */
import type { FirmwareFamily, Venue } from '@rackside/protocol';
import { CloudApiError, cloudClient, type CloudFetch } from './cloud-client';

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
  readonly fetch?: CloudFetch;
  /** Firmware for the demo's library; none uploaded when absent. */
  readonly firmware?: DemoFirmware;
  /**
   * The newest confirmation code mailed to an address (default: the dev outbox's); a cloud that sends real e-mail
   * (SMTP_URL) has no outbox, and a test reads its own mail server.
   */
  readonly codeOf?: (email: string) => Promise<string | undefined>;
}

/** The release the demo's firmware library should hold. */
export interface DemoFirmware {
  /** Four dotted numbers, newer than the amps run. */
  readonly version: string;
  /** The model families (image prefixes) of the demo's amps. */
  readonly families: readonly FirmwareFamily[];
  /** A release zip of these families at `version` (amp-sim buildReleaseZip). */
  releaseZip(families: readonly FirmwareFamily[], version: string): Uint8Array;
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
  /** Firmware images this run added to the library (0 when it had them all, or without `firmware`). */
  readonly firmwareAdded: number;
}

/** Which venue (index) the i-th of n amps goes to, for v venues: all but the last third to the first. */
export function demoVenueOf(i: number, n: number, v: number): number {
  if (v <= 1) return 0;
  const first = n - Math.floor(n / 3);
  return i < first ? 0 : Math.min(v - 1, 1 + Math.floor(((i - first) * (v - 1)) / Math.max(1, n - first)));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function seedDemo(opts: SeedDemoOptions): Promise<DemoSeed> {
  const api = cloudClient(opts.apiUrl, opts.fetch ? { fetch: opts.fetch } : {});
  const email = opts.email ?? DEMO_EMAIL;
  const password = opts.password ?? DEMO_PASSWORD;
  const names = opts.venues ?? DEMO_VENUES;

  const newestCode = async () => {
    const code = await (opts.codeOf ?? ((e: string) => api.outboxCode(e)))(email);
    if (!code) throw new CloudApiError('NoCode', `no confirmation code for ${email} in the mail`);
    return code;
  };
  const confirm = async () => {
    try {
      await api.confirmSignUp(email, await newestCode());
    } catch {
      // the last code expired or was used up: a fresh one
      await api.resendCode(email);
      await api.confirmSignUp(email, await newestCode());
    }
  };

  // the account: signed in, else made (sign-up, the outbox's code, confirmation) or confirmed
  let accountCreated = false;
  try {
    await api.signIn(email, password);
  } catch (e) {
    if (!(e instanceof CloudApiError)) throw e;
    if (e.error === 'EmailNotFound') {
      await api.signUp(email, password);
      accountCreated = true;
      await confirm();
    } else if (e.error === 'UserNotConfirmed') await confirm();
    else throw e;
    await api.signIn(email, password);
  }

  // the venues, by name (compared without case, as the cloud does)
  const existing = await api.venues();
  const venues: Venue[] = [];
  for (const name of names) {
    const found = existing.find((v) => v.name.toLowerCase() === name.toLowerCase());
    venues.push(found ?? (await api.createVenue(name)));
  }

  const firmwareAdded = opts.firmware ? await seedFirmware(api, opts.firmware) : 0;

  // the account's devices: kept when an amp holds the id, else removed
  const held = new Set(opts.amps.map((a) => a.deviceId()).filter((id): id is string => id !== undefined));
  const known = new Map<string, string>(); // device id → venue id
  let removed = 0;
  const remove = async (deviceId: string) => {
    await api.removeDevice(deviceId);
    removed += 1;
  };
  for (const venue of await api.venues()) {
    for (const { deviceId } of await api.venueDevices(venue.venueId)) {
      if (held.has(deviceId)) known.set(deviceId, venue.venueId);
      else await remove(deviceId);
    }
  }

  // the other amps register with a token of their venue
  let registered = 0;
  const register = async (amp: DemoAmp, venueId: string) => {
    amp.register(await api.registrationToken(venueId), opts.apiUrl);
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
    for (const venue of await api.venues())
      for (const d of await api.deviceAttributes(venue.venueId)) if (d.deviceAttributes.connected) ids.add(d.deviceId);
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
  return {
    email,
    password,
    accountCreated,
    venues,
    registered,
    kept,
    removed,
    connected: connected.size,
    firmwareAdded,
  };
}

/** Uploads a release zip of the families whose image of the version the library lacks; the count it added. */
async function seedFirmware(api: ReturnType<typeof cloudClient>, firmware: DemoFirmware): Promise<number> {
  const { families } = await api.firmwareLibrary();
  const has = (family: FirmwareFamily) =>
    families.some((f) => f.family === family && f.images.some((i) => i.version === firmware.version));
  const missing = [...new Set(firmware.families)].filter((family) => !has(family));
  if (missing.length === 0) return 0;
  const zip = firmware.releaseZip(missing, firmware.version);
  try {
    return (await api.uploadFirmware(`demo-release-${firmware.version}.zip`, zip)).length;
  } catch (e) {
    // another run uploaded it since the listing: the library has the release, which is all the demo needs
    if (e instanceof CloudApiError && e.error === 'FIRMWARE_VERSION_EXISTS') return 0;
    throw e;
  }
}
