/**
 * Values a slider is being dragged through, by field URL, so the frequency-response plot follows the drag live
 * (spec 2 §2) without re-rendering the whole tab: only the plot subscribes.
 */
import { useSyncExternalStore } from 'react';

/** How long a released value stays previewed while the amp's notification is on its way. */
export const PREVIEW_LINGER_MS = 1000;

export type PreviewValues = Readonly<Record<string, number>>;

export interface PreviewStore {
  /** A dragged value, or undefined when the drag ends (the value lingers PREVIEW_LINGER_MS). */
  set: (url: string, value: number | undefined) => void;
  snapshot: () => PreviewValues;
  subscribe: (listener: () => void) => () => void;
}

export function createPreviewStore(): PreviewStore {
  let values: PreviewValues = {};
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  const remove = (url: string) => {
    timers.delete(url);
    if (!Object.hasOwn(values, url)) return;
    const { [url]: _gone, ...rest } = values;
    values = rest;
    emit();
  };
  return {
    set(url, value) {
      const timer = timers.get(url);
      if (timer !== undefined) clearTimeout(timer);
      timers.delete(url);
      if (value === undefined) {
        timers.set(
          url,
          setTimeout(() => remove(url), PREVIEW_LINGER_MS),
        );
        return;
      }
      if (values[url] === value) return;
      values = { ...values, [url]: value };
      emit();
    },
    snapshot: () => values,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const usePreviewValues = (store: PreviewStore): PreviewValues =>
  useSyncExternalStore(store.subscribe, store.snapshot);
