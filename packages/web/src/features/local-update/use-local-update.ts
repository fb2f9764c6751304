/**
 * A local firmware update run (spec 3 §4): the image goes to each chosen amp's upload CGI at once, with progress;
 * the request status is sending, then success when an amp accepted it (the 300 s countdown starts) or failure
 * (countdown -1); each amp's statuses follow from its `/misc` fields, which the page keeps subscribed.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { shallowEqual, useSelector, useStore } from 'react-redux';
import {
  FIRMWARE_COUNTDOWN_STOPPED,
  FIRMWARE_COUNTDOWN_TICK_MS,
  countdownAfterResult,
  tickCountdown,
  type LocalFirmwareStatus,
} from '@rackside/protocol';
import { selectAmpState, type WithDevices } from '../../device';
import { ampHttpOrigin } from '../dot1x';
import { reportOf, selectFlatReports, unflattenReports } from './fleet';
import { countdownOver, reported, startAmpUpdate, uploadFinished, uploadProgressed, type AmpUpdate } from './status';
import { uploadFirmwareImage, type FirmwareUploadResult } from './upload';

/** Sends one image to one amp, reporting progress 0..1; never rejects. */
export type UploadToAmp = (
  ampId: string,
  image: Blob,
  name: string,
  onProgress: (fraction: number) => void,
) => Promise<FirmwareUploadResult>;

export const uploadToAmp: UploadToAmp = (ampId, image, name, onProgress) =>
  uploadFirmwareImage(ampHttpOrigin(ampId, window.location), image, name, onProgress);

export interface UpdateRun {
  readonly ampIds: readonly string[];
  readonly updates: Readonly<Record<string, AmpUpdate>>;
  readonly request: LocalFirmwareStatus;
  /** spec 3 §4: seconds left, -1 when stopped. */
  readonly remaining: number;
}

const NO_AMPS: readonly string[] = [];

const mapUpdates = (run: UpdateRun, f: (u: AmpUpdate) => AmpUpdate): UpdateRun => {
  let changed = false;
  const updates: Record<string, AmpUpdate> = {};
  for (const id of run.ampIds) {
    const before = run.updates[id];
    if (!before) continue;
    const after = f(before);
    changed ||= after !== before;
    updates[id] = after;
  }
  return changed ? { ...run, updates } : run;
};

const onAmp = (ampId: string, f: (u: AmpUpdate) => AmpUpdate) => (run: UpdateRun | null) =>
  run && mapUpdates(run, (u) => (u.ampId === ampId ? f(u) : u));

export function useLocalUpdate(upload: UploadToAmp = uploadToAmp) {
  const store = useStore<WithDevices>();
  const [run, setRun] = useState<UpdateRun | null>(null);
  const ampIds = run?.ampIds ?? NO_AMPS;

  const start = useCallback(
    async (targets: readonly { ampId: string; image: Blob; imageName: string }[]) => {
      const state = store.getState();
      const updates = Object.fromEntries(
        targets.map((t) => [t.ampId, startAmpUpdate(t.ampId, t.imageName, reportOf(selectAmpState(state, t.ampId)))]),
      );
      setRun({
        ampIds: targets.map((t) => t.ampId),
        updates,
        request: 'sending',
        remaining: FIRMWARE_COUNTDOWN_STOPPED,
      });
      const results = await Promise.all(
        targets.map(async (t) => {
          const result = await upload(t.ampId, t.image, t.imageName, (sent) =>
            setRun(onAmp(t.ampId, (u) => uploadProgressed(u, sent))),
          );
          setRun(onAmp(t.ampId, (u) => uploadFinished(u, result)));
          return result;
        }),
      );
      const status = results.some((r) => r.ok) ? 'success' : 'failure';
      setRun((r) => r && { ...r, request: status, remaining: countdownAfterResult(status) });
    },
    [store, upload],
  );

  // each amp's firmware fields, as the store receives them
  const flat = useSelector((s: WithDevices) => selectFlatReports(s, ampIds), shallowEqual);
  const reports = useMemo(() => unflattenReports(ampIds, flat), [ampIds, flat]);
  useEffect(() => {
    setRun((r) => {
      if (!r) return r;
      return mapUpdates(r, (u) => {
        const report = reports.get(u.ampId);
        if (!report || (report.status === u.last.status && shallowEqual(report.boards, u.last.boards))) return u;
        return reported(u, report);
      });
    });
  }, [reports]);

  // spec 3 §4 / §9: the countdown ticks once a second down to 0
  const ticking = run !== null && run.remaining > 0;
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = setInterval(() => {
      setRun((r) => {
        if (!r || r.remaining <= 0) return r;
        const remaining = tickCountdown(r.remaining);
        const next = { ...r, remaining };
        return remaining === 0 ? mapUpdates(next, countdownOver) : next;
      });
    }, FIRMWARE_COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [ticking]);

  const clear = useCallback(() => setRun(null), []);
  return { run, start, clear };
}
