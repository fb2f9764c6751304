/**
 * Editing one band from the plot through the tab's write, as a slider does (spec 2 §9): the plot previews each value
 * at once, the amp gets one `set` of the filter object per 50 ms while a gesture lasts and the last value when it ends.
 * A set of fields (position: frequency and gain; or the wheel's Q) has its own throttle, so one never drops the other.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { DeviceWrite } from '../../../../device/fields/types';
import { createThrottle, type Throttle } from '../../../../shared/ui/value-slider-throttle';
import { sendObject } from '../fields/send';

export type BandFields = Readonly<Record<string, number>>;

export interface BandEdit {
  /** A gesture moves on: preview now, write throttled. */
  move(fields: BandFields): void;
  /** The gesture ends: the last values are written now; their preview lingers until the amp reports them. */
  end(): void;
  /** A single step (a key, a wheel notch): move, then let the preview linger. */
  nudge(fields: BandFields): void;
}

export function useBandEdit(
  url: string,
  write: DeviceWrite,
  preview: (url: string, value: number | undefined) => void,
): BandEdit {
  const latest = useRef({ url, write, preview });
  useEffect(() => {
    latest.current = { url, write, preview };
  }, [url, write, preview]);

  const edit = useMemo(() => {
    const sets = new Map<string, { throttle: Throttle<BandFields>; last?: BandFields | undefined }>();
    const entryOf = (fields: BandFields) => {
      const key = Object.keys(fields).sort().join();
      let entry = sets.get(key);
      if (!entry) {
        const throttle = createThrottle<BandFields>((f) => sendObject(latest.current.write, latest.current.url, f));
        sets.set(key, (entry = { throttle }));
      }
      return entry;
    };
    const release = (fields: BandFields) => {
      for (const name of Object.keys(fields)) latest.current.preview(`${latest.current.url}/${name}`, undefined);
    };
    const move = (fields: BandFields) => {
      for (const [name, value] of Object.entries(fields))
        latest.current.preview(`${latest.current.url}/${name}`, value);
      const entry = entryOf(fields);
      entry.last = fields;
      entry.throttle.call(fields);
    };
    return {
      move,
      end() {
        for (const entry of sets.values()) {
          if (!entry.last) continue;
          entry.throttle.flush(entry.last);
          release(entry.last);
          entry.last = undefined;
        }
      },
      nudge(fields: BandFields) {
        move(fields);
        release(fields);
        entryOf(fields).last = undefined;
      },
      cancel() {
        for (const entry of sets.values()) entry.throttle.cancel();
      },
    };
  }, []);
  useEffect(() => () => edit.cancel(), [edit]);
  return edit;
}
