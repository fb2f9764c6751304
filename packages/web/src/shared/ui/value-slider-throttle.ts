/** Slider write throttling (spec 2 §9: one write per 50 ms while dragging). */
import { useEffect, useMemo, useRef } from 'react';
import { SLIDER_THROTTLE_MS } from '@rackside/protocol';

/** A leading-and-trailing throttle of one value. */
export interface Throttle<T> {
  /** Sends now if the interval has passed, else keeps the latest value for the end of the interval. */
  call(value: T): void;
  /** Drops any pending value and sends this one now (a drag ends), unless it was the last one sent. */
  flush(value: T): void;
  cancel(): void;
}

/** Throttles `send` to one call per `ms`, always delivering the latest value. */
export function createThrottle<T>(send: (value: T) => void, ms: number = SLIDER_THROTTLE_MS): Throttle<T> {
  let lastAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { value: T } | undefined;
  let lastSent: { value: T } | undefined;
  const deliver = (value: T) => {
    lastAt = Date.now();
    lastSent = { value };
    send(value);
  };
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return {
    call(value) {
      const since = Date.now() - lastAt;
      if (timer === undefined && since >= ms) {
        deliver(value);
        return;
      }
      pending = { value };
      timer ??= setTimeout(
        () => {
          timer = undefined;
          const p = pending;
          pending = undefined;
          if (p) deliver(p.value);
        },
        Math.max(0, ms - since),
      );
    },
    flush(value) {
      cancel();
      if (!lastSent || !Object.is(lastSent.value, value)) deliver(value);
    },
    cancel,
  };
}

/** A throttle bound to the latest `send`, cancelled on unmount. */
export function useThrottle<T>(send: (value: T) => void, ms: number = SLIDER_THROTTLE_MS): Throttle<T> {
  const ref = useRef(send);
  useEffect(() => {
    ref.current = send;
  }, [send]);
  const throttle = useMemo(() => createThrottle<T>((v) => ref.current(v), ms), [ms]);
  useEffect(() => () => throttle.cancel(), [throttle]);
  return throttle;
}
