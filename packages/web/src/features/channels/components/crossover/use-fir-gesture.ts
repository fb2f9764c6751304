/**
 * spec 2 §2: the FIR editor opens with Ctrl-click (Cmd-click on a Mac) on the Crossover title, or a press of
 * LONG_PRESS_MS on a phone-sized screen (width up to NARROW_BREAKPOINT_PX).
 */
import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';
import { LONG_PRESS_MS, NARROW_BREAKPOINT_PX } from '@rackside/protocol';

const isMac = (): boolean => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
const isPhoneSized = (): boolean =>
  typeof window.matchMedia === 'function'
    ? window.matchMedia(`(max-width:${NARROW_BREAKPOINT_PX}px)`).matches
    : window.innerWidth <= NARROW_BREAKPOINT_PX;

/** Handlers to spread on the title; `open` runs only while `enabled`. */
export function useFirGesture(enabled: boolean, open: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => cancel, []);
  if (!enabled) return {};
  return {
    onClick: (e: MouseEvent) => {
      if (isMac() ? e.metaKey : e.ctrlKey) open();
    },
    onPointerDown: (_: PointerEvent) => {
      if (!isPhoneSized()) return;
      cancel();
      timer.current = setTimeout(() => {
        timer.current = undefined;
        open();
      }, LONG_PRESS_MS);
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
  };
}
