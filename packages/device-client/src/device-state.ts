/** The amp's state as one client knows it: seeded by `get`/`subscribe` replies, kept current by `notify` batches. */
import {
  RECORD_NODE_KEYS,
  clampAt,
  deepEqual,
  findModel,
  getAt,
  mergeDelta,
  urlSegments,
  type DeviceDelta,
  type ModelInfo,
} from '@rackside/protocol';
import { Listeners } from './transport';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The tree is plain JSON checked against the schema by clampAt; this only names its type. */
const asDelta = (tree: Obj): DeviceDelta => tree;

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
    let rooted: unknown = value;
    const segments = urlSegments(url);
    for (let i = segments.length - 1; i >= 0; i--) rooted = { [segments[i]!]: rooted };
    if (!isObj(rooted)) return undefined;
    this.#learnModel(rooted);
    const clamped = this.#model ? clampAt(this.#model, '/', rooted) : rooted;
    if (!isObj(clamped)) return undefined;
    // free-form records (/UAC, /lockedProperties, /discovery, /NSTProxy) arrive whole: replace, don't merge
    for (const k of RECORD_NODE_KEYS)
      if (Object.hasOwn(clamped, k) && !deepEqual(this.#tree[k], clamped[k])) delete this.#tree[k];
    const changed = mergeDelta(this.#tree, clamped);
    if (!changed) return undefined;
    this.#listeners.emit(asDelta(this.#tree), asDelta(changed));
    return asDelta(changed);
  }

  #learnModel(incoming: Obj): void {
    if (this.#model) return;
    const path = ['amp', 'deviceInfo', 'modelID'];
    const modelID = getAt(incoming, path) ?? getAt(this.#tree, path);
    const model = typeof modelID === 'string' ? findModel(modelID) : undefined;
    if (!model) return;
    this.#model = model;
    // What arrived before the model was known is kept as received; clamp it now that the schema is known.
    const tree = clampAt(model, '/', this.#tree);
    this.#tree = isObj(tree) ? tree : {};
  }
}
