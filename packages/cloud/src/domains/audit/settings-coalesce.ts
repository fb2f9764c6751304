/**
 * A slider dragged through the relay writes its value tens of times a second; the audit log wants one line for the
 * gesture: "gain from -6 dB to -3 dB", not sixty. Settings of one path that follow each other within `quietMs` become
 * one (the first one's "before", the last one's "after"); a path's setting is told once it has been quiet that long,
 * or when the session ends (`flush`). A write of other fields of the same path (fader, then mute) is its own entry.
 */
import type { SettingWritten } from './settings-tap';

/** How long a path stays quiet before its writes are one audit entry (ms). */
export const SETTING_QUIET_MS = 1500;
/** Paths waiting at most at once (past this the oldest is told at once). */
const PENDING_MAX = 64;

const shapeOf = (v: unknown): string =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.keys(v).sort().join(',') : typeof v;

/** Coalesces one session's settings; `report` is told of each gesture. */
export class SettingsCoalescer {
  readonly #pending = new Map<string, { setting: SettingWritten; timer: NodeJS.Timeout }>();

  constructor(
    private readonly report: (setting: SettingWritten) => void,
    private readonly quietMs = SETTING_QUIET_MS,
  ) {}

  /** One setting the amp took. */
  add(setting: SettingWritten): void {
    const waiting = this.#pending.get(setting.path);
    if (waiting !== undefined && shapeOf(waiting.setting.to) === shapeOf(setting.to)) {
      clearTimeout(waiting.timer);
      this.#wait({ path: setting.path, from: waiting.setting.from, to: setting.to });
      return;
    }
    if (waiting !== undefined) this.#tell(setting.path);
    if (this.#pending.size >= PENDING_MAX) this.#tell(this.#pending.keys().next().value as string);
    this.#wait(setting);
  }

  /** Tells every waiting setting now (the session ended). */
  flush(): void {
    for (const path of [...this.#pending.keys()]) this.#tell(path);
  }

  #wait(setting: SettingWritten): void {
    const timer = setTimeout(() => this.#tell(setting.path), this.quietMs);
    timer.unref();
    this.#pending.delete(setting.path); // to the end: the oldest is first
    this.#pending.set(setting.path, { setting, timer });
  }

  #tell(path: string): void {
    const waiting = this.#pending.get(path);
    if (waiting === undefined) return;
    clearTimeout(waiting.timer);
    this.#pending.delete(path);
    this.report(waiting.setting);
  }
}
