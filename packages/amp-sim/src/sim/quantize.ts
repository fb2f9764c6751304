/**
 * Rounds a delta's numbers to the step (and range) the device tree declares for each field, so that
 * sub-step wobble of a reading never reaches `apply` as a change and never becomes a notify message.
 */
import { DEVICE_TREE, type Node } from '@rackside/protocol';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const decimals = (step: number): number => Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));

/** Rounds `v` to a multiple of `step` without binary fraction noise (0.30000000000000004 → 0.3). */
export function roundToStep(v: number, step: number): number {
  const r = Math.round(v / step) * step;
  return Number(r.toFixed(decimals(step)));
}

function walk(node: Node, delta: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(delta)) {
    if (node.kind === 'collection') {
      out[k] = isObj(v) ? walk(node.item, v) : v;
      continue;
    }
    if (node.kind === 'record') {
      out[k] = v;
      continue;
    }
    const field = Object.hasOwn(node.fields, k) ? node.fields[k] : undefined;
    const child = Object.hasOwn(node.children, k) ? node.children[k] : undefined;
    if (field?.type === 'number' && typeof v === 'number') {
      out[k] = Math.min(field.max, Math.max(field.min, roundToStep(v, field.step)));
    } else if (child && isObj(v)) {
      out[k] = walk(child, v);
    } else {
      out[k] = v;
    }
  }
  return out;
}

/** A copy of a delta rooted at `/` with every number field rounded to its step and clamped to its range. */
export function quantizeDelta(delta: Obj): Obj {
  return walk(DEVICE_TREE, delta);
}
