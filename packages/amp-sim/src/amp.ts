/**
 * One emulated amp: its identity, its state tree (shaped and validated by @rackside/protocol),
 * and a change feed that the device API server turns into batched `notify` messages.
 * Everything that changes an amp (a client's `set`, the physics tick, an injected fault) goes through `apply`.
 */
import {
  UNSAFE_KEYS,
  defaultState,
  getAt,
  mergeDelta,
  normalizeUrl,
  rootedAt,
  urlSegments,
  validateSet,
  type DeviceState,
  type ModelInfo,
  type SetResult,
} from '@rackside/protocol';

type Obj = Record<string, unknown>;

/** Who caused a change: a client of the device API, or the amp itself (physics, faults, firmware). */
export type ChangeOrigin = 'client' | 'amp';

/** What makes one amp distinct within a fleet: stable across restarts. */
export interface AmpIdentity {
  readonly model: ModelInfo;
  /** Address the amp listens on (a loopback address in a fleet: 127.0.1.1, 127.0.1.2, ...). */
  readonly ip: string;
  readonly mac: string;
  readonly serialNumber: string;
  readonly deviceName: string;
  readonly firmwareVersion: string;
}

export type ChangeListener = (delta: Obj, origin: ChangeOrigin) => void;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The emulated amp's data and change feed. Pure state: no sockets, no timers. */
export class Amp {
  readonly state: DeviceState;
  /** The device password; null when the amp is not protected. */
  password: string | null = null;
  private readonly listeners = new Set<ChangeListener>();
  private changes = 0;
  private readonly networkListeners = new Set<(up: boolean) => void>();
  private networkTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly identity: AmpIdentity,
    initial?: DeviceState,
  ) {
    this.state = initial ?? defaultState(identity.model);
  }

  get model(): ModelInfo {
    return this.identity.model;
  }

  /** Reads the subtree at a URL (relative to it), or undefined when nothing is there. */
  read(url: string): unknown {
    return getAt(this.state, urlSegments(url));
  }

  /** Merges a delta rooted at `/` and tells listeners what actually changed. Returns that change. */
  apply(delta: Obj, origin: ChangeOrigin = 'amp'): Obj | undefined {
    const changed = mergeDelta(this.state, delta);
    if (changed) {
      this.changes++;
      for (const l of this.listeners) l(changed, origin);
    }
    return changed;
  }

  /**
   * Counts the changes to the state: what was read at one version is still what is there at the same version (get
   * replies are cached on it). Hence the state is changed through `apply` only; code that must change it in place
   * calls `markChanged` afterwards.
   */
  get version(): number {
    return this.changes;
  }

  /** Records a change made to the state in place, outside `apply` (see `version`). */
  markChanged(): void {
    this.changes++;
  }

  /** Validates a client's `set` (protocol rules: clamp, types, choices, read-only) without applying it. */
  validate(url: string, params: unknown): SetResult {
    return validateSet(this.model, normalizeUrl(url), params, (segments) => getAt(this.state, segments));
  }

  /** False while the network is unplugged (fault injection): servers close connections and refuse new ones. */
  get networkUp(): boolean {
    return this.networkTimer === undefined;
  }

  /** Unplugs the network for `ms` milliseconds (0 plugs it back in at once). */
  unplugNetwork(ms: number): void {
    const wasUp = this.networkUp;
    clearTimeout(this.networkTimer);
    this.networkTimer = undefined;
    if (ms > 0) {
      this.networkTimer = setTimeout(() => {
        this.networkTimer = undefined;
        for (const l of this.networkListeners) l(true);
      }, ms);
      if (wasUp) for (const l of this.networkListeners) l(false);
    } else if (!wasUp) for (const l of this.networkListeners) l(true);
  }

  /** Tells a listener when the network goes down (false) and comes back (true); returns the unsubscribe function. */
  onNetwork(listener: (up: boolean) => void): () => void {
    this.networkListeners.add(listener);
    return () => this.networkListeners.delete(listener);
  }

  /** Stops the amp's own timers (the network unplug timer). */
  dispose(): void {
    clearTimeout(this.networkTimer);
    this.networkTimer = undefined;
    this.listeners.clear();
    this.networkListeners.clear();
  }

  /** Subscribes to changes; returns the unsubscribe function. */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Keeps only the parts of a delta (rooted at `/`) that fall under one of the URLs. */
export function filterDelta(delta: Obj, urls: Iterable<string>): Obj | undefined {
  let out: Obj | undefined;
  for (const url of urls) {
    const segs = urlSegments(url);
    const part = getAt(delta, segs);
    if (part === undefined) continue;
    out ??= {};
    mergeInto(out, rootedAt(segs, part) as Obj);
  }
  return out;
}

/** Deep-merges b into a (in place), b winning. */
export function mergeInto(a: Obj, b: Obj): Obj {
  for (const [k, v] of Object.entries(b)) {
    if (UNSAFE_KEYS.has(k)) continue;
    const cur = a[k];
    if (isObj(cur) && isObj(v)) mergeInto(cur, v);
    else a[k] = isObj(v) ? structuredClone(v) : v;
  }
  return a;
}
