/**
 * `--data DIR`: an amp's settings survive restarts. One JSON file per amp, named by MAC, written a moment
 * after the last change; readings are left out (the physics recomputes them) and values are clamped on load.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clampAt, defaultState, walkFields, type DeviceState } from '@rackside/protocol';
import type { Amp } from './amp';
import { RegistrationReplySchema, type DeviceCredentials } from './cloud/registration';

/** What is kept on disk for one amp. */
interface Saved {
  readonly state: unknown;
  readonly password: string | null;
  /** The broker credentials of the amp's last cloud registration, so a restart reconnects without a new token. */
  readonly cloud?: DeviceCredentials | null;
}

/** What loadAmp found besides the state. */
export interface Loaded {
  readonly cloud: DeviceCredentials | undefined;
}

const fileFor = (dir: string, mac: string) => join(dir, `${mac.replace(/:/g, '')}.json`);

/** Loads the saved state of an amp (clamped to its model's schema), password and cloud credentials, if any. */
export function loadAmp(dir: string, amp: Amp): Loaded | undefined {
  let saved: Saved;
  try {
    saved = JSON.parse(readFileSync(fileFor(dir, amp.identity.mac), 'utf8')) as Saved;
  } catch {
    return undefined;
  }
  const clamped = clampAt(amp.model, '/', saved.state);
  if (clamped && typeof clamped === 'object') amp.apply(clamped as Record<string, unknown>, 'amp');
  amp.password = typeof saved.password === 'string' && saved.password.length > 0 ? saved.password : null;
  const cloud = RegistrationReplySchema.safeParse(saved.cloud);
  return { cloud: cloud.success ? cloud.data : undefined };
}

/** Writable settings only: read-only readings and flags are not saved. */
function settingsOf(amp: Amp): unknown {
  const out = structuredClone(amp.state) as unknown as Record<string, unknown>;
  for (const { url, field } of walkFields(amp.model)) {
    if (!field.readOnly) continue;
    const segs = url.split('/').filter(Boolean);
    let cur: Record<string, unknown> | undefined = out;
    for (const s of segs.slice(0, -1)) cur = cur?.[s] as Record<string, unknown> | undefined;
    if (cur) delete cur[segs[segs.length - 1]!];
  }
  delete out.discovery;
  return out;
}

/** A running persistence: flush-and-stop, and a way to record new cloud credentials (undefined: forgotten). */
export interface Persistence {
  stop(): void;
  saveCloud(creds: DeviceCredentials | undefined): void;
}

/** Saves an amp's settings after each burst of changes (a client's, or the cloud agent's use of its token). */
export function persistAmp(dir: string, amp: Amp, debounceMs = 500, cloud?: DeviceCredentials): Persistence {
  mkdirSync(dir, { recursive: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastPassword = amp.password;
  let creds = cloud;
  const write = () => {
    timer = undefined;
    const file = fileFor(dir, amp.identity.mac);
    const saved: Saved = { state: settingsOf(amp), password: amp.password, cloud: creds ?? null };
    try {
      writeFileSync(file + '.tmp', JSON.stringify(saved, null, 2));
      renameSync(file + '.tmp', file);
    } catch (e) {
      // a full or vanished disk must not bring the amp down; the next change tries again
      console.error(`amp ${amp.identity.ip}: could not save settings to ${dir}: ${(e as Error).message}`);
    }
  };
  const schedule = () => {
    timer ??= setTimeout(write, debounceMs);
  };
  const off = amp.onChange((delta, origin) => {
    if (origin === 'client' || 'cloud' in delta || amp.password !== lastPassword) {
      lastPassword = amp.password;
      schedule();
    }
  });
  return {
    stop() {
      off();
      if (timer) {
        clearTimeout(timer);
        write();
      }
    },
    saveCloud(next) {
      creds = next;
      schedule();
    },
  };
}

/** A fresh state for a model (exported for tests that compare against defaults). */
export const freshState = (amp: Amp): DeviceState => defaultState(amp.model);
