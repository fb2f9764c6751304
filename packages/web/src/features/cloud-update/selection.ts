/**
 * The selection view's rules (spec 1 §3 "Cloud update state", §5): only amps at or past the minimum version, with a
 * library image newer than theirs, can be selected and are counted; select all and each venue are checked when all
 * their selectable amps are, indeterminate when some are.
 */
import { rolloutWaveSizes, type RolloutCandidate, type RolloutCandidates } from '@rackside/protocol';

/** Why an amp cannot be selected (null: it can). */
export type NotSelectableReason = 'belowMinimum' | 'noImage' | 'upToDate';

export function notSelectableReason(amp: RolloutCandidate): NotSelectableReason | null {
  if (!amp.eligible) return 'belowMinimum';
  if (amp.family === null || amp.latestVersion === null) return 'noImage';
  if (!amp.updateAvailable) return 'upToDate';
  return null;
}

export const isSelectable = (amp: RolloutCandidate): boolean => notSelectableReason(amp) === null;

/** The ids of the selectable amps, in the order shown (venue by venue). */
export const selectableIds = (amps: readonly RolloutCandidate[]): string[] =>
  amps.filter(isSelectable).map((a) => a.deviceId);

export const allAmps = (candidates: RolloutCandidates): RolloutCandidate[] => candidates.venues.flatMap((v) => v.amps);

/** A group checkbox: checked when every selectable amp is selected, indeterminate when some are. */
export interface GroupCheck {
  readonly checked: boolean;
  readonly indeterminate: boolean;
  readonly disabled: boolean;
  readonly selected: number;
  readonly available: number;
}

export function groupCheck(amps: readonly RolloutCandidate[], selected: ReadonlySet<string>): GroupCheck {
  const ids = selectableIds(amps);
  const count = ids.filter((id) => selected.has(id)).length;
  return {
    checked: ids.length > 0 && count === ids.length,
    indeterminate: count > 0 && count < ids.length,
    disabled: ids.length === 0,
    selected: count,
    available: ids.length,
  };
}

/** Ticking a group selects all its selectable amps unless all are selected already, then clears them. */
export function toggleGroup(amps: readonly RolloutCandidate[], selected: ReadonlySet<string>): ReadonlySet<string> {
  const ids = selectableIds(amps);
  const next = new Set(selected);
  const all = ids.every((id) => selected.has(id));
  for (const id of ids) {
    if (all) next.delete(id);
    else next.add(id);
  }
  return next;
}

export function toggleAmp(id: string, selected: ReadonlySet<string>): ReadonlySet<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The selected ids that are still selectable (a refreshed list may drop some), in the order shown. */
export const selectedIds = (candidates: RolloutCandidates, selected: ReadonlySet<string>): string[] =>
  selectableIds(allAmps(candidates)).filter((id) => selected.has(id));

/** A rollout plan as the form holds it (text fields: a value is checked before use). */
export interface PlanForm {
  readonly canary: string;
  readonly percent: string;
  readonly failureThresholdPercent: string;
  readonly force: boolean;
}

export type PlanField = 'canary' | 'percent' | 'failureThresholdPercent';
export const PLAN_FIELDS: readonly PlanField[] = ['canary', 'percent', 'failureThresholdPercent'];

/** A whole number 0..100, or null. */
export function planNumber(text: string): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(text)) return null;
  const n = Number(text);
  return n <= 100 ? n : null;
}

export interface Plan {
  readonly canary: number;
  readonly percent: number;
  readonly failureThresholdPercent: number;
  readonly force: boolean;
}

/** The plan of a form, or null while a field is not a whole number 0..100. */
export function planOf(form: PlanForm): Plan | null {
  const canary = planNumber(form.canary);
  const percent = planNumber(form.percent);
  const failureThresholdPercent = planNumber(form.failureThresholdPercent);
  if (canary === null || percent === null || failureThresholdPercent === null) return null;
  return { canary, percent, failureThresholdPercent, force: form.force };
}

export const waveSizesOf = (count: number, plan: Plan | null): number[] =>
  plan === null ? [] : rolloutWaveSizes(count, plan.canary, plan.percent);
