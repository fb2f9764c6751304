/**
 * `--data DIR`: an amp's settings survive restarts. One JSON file per amp, named by MAC, written a moment
 * after the last change; readings are left out (the physics recomputes them) and values are clamped on load.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clampAt, defaultState, walkFields, type DeviceState } from '@rackside/protocol';
import type { Amp } from './amp';

/** What is kept on disk for one amp. */
interface Saved {
  readonly state: unknown;
  readonly password: string | null;
}

const fileFor = (dir: string, mac: string) => join(dir, `${mac.replace(/:/g, '')}.json`);

/** Loads the saved state of an amp (clamped to its model's schema) and password, if any. */
export function loadAmp(dir: string, amp: Amp): boolean {
  let saved: Saved;
  try {
    saved = JSON.parse(readFileSync(fileFor(dir, amp.identity.mac), 'utf8')) as Saved;
  } catch {
    return false;
  }
  const clamped = clampAt(amp.model, '/', saved.state);
  if (clamped && typeof clamped === 'object') amp.apply(clamped as Record<string, unknown>, 'amp');
  amp.password = typeof saved.password === 'string' && saved.password.length > 0 ? saved.password : null;
  return true;
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

/** Saves an amp's settings after each burst of changes; returns a function that flushes and stops. */
export function persistAmp(dir: string, amp: Amp, debounceMs = 500): () => void {
  mkdirSync(dir, { recursive: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastPassword = amp.password;
  const write = () => {
    timer = undefined;
    const file = fileFor(dir, amp.identity.mac);
    const saved: Saved = { state: settingsOf(amp), password: amp.password };
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
  const off = amp.onChange((_delta, origin) => {
    if (origin === 'client' || amp.password !== lastPassword) {
      lastPassword = amp.password;
      schedule();
    }
  });
  return () => {
    off();
    if (timer) {
      clearTimeout(timer);
      write();
    }
  };
}

/** A fresh state for a model (exported for tests that compare against defaults). */
export const freshState = (amp: Amp): DeviceState => defaultState(amp.model);
