/** The amp's state as one client knows it: seeded by `get`/`subscribe` replies, kept current by `notify` batches. */
import {
  RECORD_NODE_KEYS,
  clampAt,
  deepEqual,
  findModel,
  getAt,
  mergeDelta,
  mergeReceived,
  rootedAt,
  urlSegments,
  type DeviceDelta,
  type ModelInfo,
} from '@rackside/protocol';
import { Listeners } from './transport';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The tree is plain JSON checked against the schema by clampAt; this only names its type. */
const asDelta = (tree: Obj): DeviceDelta => tree;

const RECORD_KEYS: ReadonlySet<string> = new Set(RECORD_NODE_KEYS);

/**
 * The own values of `held` and of `incoming`, side by side, when both have the same own keys in the same order (a
 * reply polled again, parsed from text like the one held): read in two bulk calls instead of an own-key check and a
 * keyed load a key, which for the fields of a reply go megamorphic; undefined otherwise.
 */
function alignedValues(held: Obj, incoming: Obj, keys: readonly string[]): [unknown[], unknown[]] | undefined {
  const n = keys.length;
  const heldKeys = Object.keys(held);
  if (heldKeys.length !== n) return undefined;
  for (let i = 0; i < n; i++) if (heldKeys[i] !== keys[i]) return undefined;
  const heldValues = Object.values(held);
  const values = Object.values(incoming);
  return heldValues.length === n && values.length === n ? [heldValues, values] : undefined;
}

/**
 * The part of `incoming` that differs from `tree` (both rooted alike): keys the tree lacks and leaves that are not
 * deep-equal to the tree's, with the objects on the way to them; undefined when nothing differs. A top-level record
 * (/UAC, /lockedProperties, ...) is compared and kept whole, since it is clamped whole by its schema. A `__proto__`
 * key is never a key of the tree (clamping would drop it) and is skipped.
 */
function differingPart(tree: Obj, incoming: Obj, top: boolean): Obj | undefined {
  const keys = Object.keys(incoming);
  const aligned = alignedValues(tree, incoming, keys);
  let out: Obj | undefined;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k === '__proto__') continue;
    const v = aligned ? aligned[1][i] : incoming[k];
    if (aligned || Object.hasOwn(tree, k)) {
      const cur = aligned ? aligned[0][i] : tree[k];
      if (isObj(cur) && isObj(v) && !(top && RECORD_KEYS.has(k))) {
        const sub = differingPart(cur, v, false);
        if (sub !== undefined) (out ??= {})[k] = sub;
        continue;
      }
      if (cur === v || deepEqual(cur, v)) continue;
    }
    (out ??= {})[k] = v;
  }
  return out;
}

/**
 * differingPart(tree, rootedAt(segments, value), true), without rooting the value first when the tree already holds
 * every object on the url's path (the usual case): only what differs is rooted.
 */
function differingAt(tree: Obj, segments: readonly string[], value: unknown): Obj | undefined {
  let cur: unknown = tree;
  for (let i = 0; i < segments.length; i++) {
    const k = segments[i]!;
    if (!isObj(cur) || !Object.hasOwn(cur, k) || k === '__proto__' || (i === 0 && RECORD_KEYS.has(k))) {
      const rooted = rootedAt(segments, value);
      return isObj(rooted) ? differingPart(tree, rooted, true) : undefined;
    }
    cur = cur[k];
  }
  if (segments.length === 0) return isObj(value) ? differingPart(tree, value, true) : undefined;
  if (isObj(cur) && isObj(value)) {
    const sub = differingPart(cur, value, false);
    return sub && (rootedAt(segments, sub) as Obj);
  }
  return deepEqual(cur, value) ? undefined : (rootedAt(segments, value) as Obj);
}

/**
 * True when merging `incoming` over `held` changes nothing because every leaf of it is `===` the held one (a reply
 * polled again); false when unsure (arrays, a `__proto__` key, anything that differs), for the merge to decide.
 */
function sameLeaves(held: unknown, incoming: unknown): boolean {
  if (held === incoming) return true;
  if (!isObj(held) || !isObj(incoming)) return false;
  const keys = Object.keys(incoming);
  const aligned = alignedValues(held, incoming, keys);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k === '__proto__' || (!aligned && !Object.hasOwn(held, k))) return false;
    const v = aligned ? aligned[1][i] : incoming[k];
    const cur = aligned ? aligned[0][i] : held[k];
    if (v !== cur && !(isObj(v) && sameLeaves(cur, v))) return false;
  }
  return true;
}

/** Where the model shows: /amp/deviceInfo/modelID. */
const MODEL_ID: readonly string[] = ['amp', 'deviceInfo', 'modelID'];

/** getAt(rootedAt(segments, value), path), without rooting the value. */
function incomingAt(segments: readonly string[], value: unknown, path: readonly string[]): unknown {
  const n = Math.min(segments.length, path.length);
  for (let i = 0; i < n; i++) if (segments[i] !== path[i]) return undefined;
  if (segments.length < path.length) return getAt(value, path.slice(segments.length));
  return rootedAt(segments.slice(path.length), value);
}

/** Called after each change with the whole tree and the part that changed (both rooted at `/`). */
export type StateListener = (state: DeviceDelta, delta: DeviceDelta) => void;

/** A state tree rooted at `/`, clamped to the protocol's schema once the amp's model is known (spec 2 §5). */
export class DeviceStateStore {
  #tree: Obj = {};
  #model: ModelInfo | undefined;
  readonly #listeners: Listeners<[DeviceDelta, DeviceDelta]>;

  constructor(onListenerError?: (err: unknown) => void) {
    this.#listeners = new Listeners(onListenerError);
  }

  /** The tree as received so far (only the subscribed or fetched parts); read it, do not mutate it. */
  get state(): DeviceDelta {
    return asDelta(this.#tree);
  }

  /** The model found from `amp.deviceInfo.modelID`, once a reply or notification carried it. */
  get model(): ModelInfo | undefined {
    return this.#model;
  }

  /** Registers a change listener; returns its remover. */
  onChange(listener: StateListener): () => void {
    return this.#listeners.add(listener);
  }

  /**
   * Merges a value received for `url` (a reply's subtree, or a notification's params at `/`): clamps it when the
   * model is known (unknown keys dropped, out-of-range numbers pulled in), merges it, tells listeners what changed.
   */
  apply(url: string, value: unknown): DeviceDelta | undefined {
    const segments = urlSegments(url);
    let changed: Obj | undefined;
    if (this.#model) {
      // Clamped and merged in one walk (mergeReceived). Below `/` (a reply), only what differs from the tree goes
      // through it: once the model is known every value in the tree is a clamped one, and clamping a clamped value
      // changes nothing, so a part equal to what the tree holds would merge as no change (an unchanged get costs one
      // comparison).
      const differs = segments.length === 0 ? value : differingAt(this.#tree, segments, value);
      if (differs === undefined) return undefined;
      changed = mergeReceived(this.#model, this.#tree, differs);
    } else {
      const parent = this.#parentWithoutModel(segments, value);
      if (parent) {
        // a reply equal to what is held (a get polled again) is no change: checked before building the merge
        if (sameLeaves(parent[segments[segments.length - 1]!], value)) return undefined;
        const sub = mergeDelta(parent, rootedAt(segments.slice(-1), value) as Obj);
        changed = sub && (rootedAt(segments.slice(0, -1), sub) as Obj);
      } else {
        const rooted = rootedAt(segments, value);
        if (!isObj(rooted)) return undefined;
        this.#learnModel(rooted);
        changed = this.#model ? mergeReceived(this.#model, this.#tree, rooted) : this.#merge(rooted);
      }
    }
    if (!changed) return undefined;
    this.#listeners.emit(asDelta(this.#tree), asDelta(changed));
    return asDelta(changed);
  }

  /** Merges a delta rooted at `/` as received (no model yet to clamp it with); the part that changed. */
  #merge(received: Obj): Obj | undefined {
    // free-form records (/UAC, /lockedProperties, /discovery, /NSTProxy) arrive whole: replace, don't merge
    for (const k of RECORD_NODE_KEYS)
      if (Object.hasOwn(received, k) && !deepEqual(this.#tree[k], received[k])) delete this.#tree[k];
    return mergeDelta(this.#tree, received);
  }

  /**
   * Before the model is known, a value that does not teach it is merged as received: when the url is below `/`,
   * not in a record, and the tree already holds the objects above it, that merge is mergeDelta at the url's parent
   * (what merging the value rooted at `/` comes down to). That parent, or undefined for the general way.
   */
  #parentWithoutModel(segments: readonly string[], value: unknown): Obj | undefined {
    if (segments.length === 0 || RECORD_KEYS.has(segments[0]!)) return undefined;
    const modelID = incomingAt(segments, value, MODEL_ID) ?? getAt(this.#tree, MODEL_ID);
    if (typeof modelID === 'string' && findModel(modelID)) return undefined;
    let parent: unknown = this.#tree;
    for (let i = 0; i < segments.length - 1; i++) {
      const k = segments[i]!;
      if (!isObj(parent) || k === '__proto__' || !Object.hasOwn(parent, k)) return undefined;
      parent = parent[k];
    }
    return isObj(parent) ? parent : undefined;
  }

  #learnModel(incoming: Obj): void {
    if (this.#model) return;
    const modelID = getAt(incoming, MODEL_ID) ?? getAt(this.#tree, MODEL_ID);
    const model = typeof modelID === 'string' ? findModel(modelID) : undefined;
    if (!model) return;
    this.#model = model;
    // What arrived before the model was known is kept as received; clamp it now that the schema is known.
    const tree = clampAt(model, '/', this.#tree);
    this.#tree = isObj(tree) ? tree : {};
  }
}
