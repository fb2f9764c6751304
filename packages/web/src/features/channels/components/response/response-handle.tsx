/**
 * One band's handle on the response (issue 18): drag it to move the band's frequency (log axis) and gain (dB axis),
 * turn the wheel over it for Q (or an FIR shelf's bandwidth); from the keyboard, the arrow keys move frequency
 * (1/12 octave, 1/3 with Shift) and gain (0.5 dB, 3 dB with Shift), Page Up/Down change Q. A slider for assistive
 * technology, its value text naming every field it moves. Read-only (spec 2 §6): shown, not movable.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useTheme } from '@mui/material/styles';
import { UAC_LEVELS } from '@rackside/protocol';
import type { DeviceWrite } from '../../../../device/fields/types';
import { dbOfY, frequencyOfX, PLOT_VIEWBOX, xOfFrequency, yOfDb } from '../../../../shared/ui/frequency-response';
import { settle } from '../../../../shared/ui/value-slider-math';
import type { BandHandle, HandleParam } from './band-handles';
import { useBandEdit, type BandFields } from './use-band-edit';

/** Keyboard and wheel steps. */
const OCTAVE_STEP = 1 / 12;
const OCTAVE_STEP_LARGE = 1 / 3;
const GAIN_STEP_DB = 0.5;
const GAIN_STEP_LARGE_DB = 3;
const WIDTH_FACTOR_KEY = Math.pow(2, 1 / 4);
const WIDTH_FACTOR_WHEEL = Math.pow(2, 1 / 8);

export interface ResponseHandleProps {
  handle: BandHandle;
  /** Accessible name ('Equalizer filter 3') and the short mark drawn in the circle ('3', 'HP'). */
  label: string;
  mark: string;
  valueText: string;
  /** The handle's level when the band has no gain: the curve's at its frequency. */
  curveDb: number;
  dbRange: readonly [number, number];
  describedBy?: string | undefined;
  write: DeviceWrite;
  preview: (url: string, value: number | undefined) => void;
}

/** A value moved to `next`, on its grid and within its bounds, at least one step when it would not move at all. */
function stepTo(p: HandleParam, next: number): number {
  const settled = settle(next, p.bounds);
  if (settled !== p.value || next === p.value) return settled;
  return settle(p.value + Math.sign(next - p.value) * p.bounds.step, p.bounds);
}

const position = (h: BandHandle, frequency: number, gain: number | undefined): BandFields => ({
  [h.frequency.name]: frequency,
  ...(h.gain && gain !== undefined ? { [h.gain.name]: gain } : {}),
});

export function ResponseHandle(props: ResponseHandleProps) {
  const { handle, dbRange, write, preview } = props;
  const theme = useTheme();
  const ref = useRef<SVGGElement>(null);
  const [focused, setFocused] = useState(false);
  const edit = useBandEdit(handle.url, write, preview);
  const interactive = handle.level === UAC_LEVELS.Write;
  // the values a gesture builds on: the latest moved to, before the plot re-renders with them
  const live = useRef(handle);
  useEffect(() => {
    live.current = handle;
  }, [handle]);
  const stopDrag = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => stopDrag.current?.(), []);

  const apply = (fields: BandFields, mode: 'move' | 'nudge') => {
    const h = live.current;
    const withValue = (p: HandleParam | undefined) => p && { ...p, value: fields[p.name] ?? p.value };
    live.current = {
      ...h,
      frequency: withValue(h.frequency) ?? h.frequency,
      gain: withValue(h.gain),
      width: h.width && { ...h.width, value: fields[h.width.name] ?? h.width.value },
    };
    edit[mode](fields);
  };

  const y = yOfDb(dbRange)(handle.gain ? handle.gain.value : props.curveDb);
  const x = xOfFrequency(handle.frequency.value);

  const handlePointerDown = (e: ReactPointerEvent<SVGGElement>) => {
    if (!interactive || e.button !== 0) return;
    const rect = e.currentTarget.ownerSVGElement?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    e.preventDefault();
    e.currentTarget.focus();
    const scale = PLOT_VIEWBOX.width / rect.width; // the layer keeps the viewBox's aspect: one scale for both axes
    const start = { clientX: e.clientX, clientY: e.clientY, x, y, h: live.current };
    const move = (ev: PointerEvent) => {
      const { h } = start;
      const frequency = settle(frequencyOfX(start.x + (ev.clientX - start.clientX) * scale), h.frequency.bounds);
      const gain = h.gain && settle(dbOfY(dbRange)(start.y + (ev.clientY - start.clientY) * scale), h.gain.bounds);
      apply(position(h, frequency, gain), 'move');
    };
    const up = () => {
      stopDrag.current?.();
      edit.end();
    };
    stopDrag.current = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      stopDrag.current = undefined;
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
  };

  // React listens to the wheel passively: a native listener can keep the page from scrolling under the handle
  useEffect(() => {
    const el = ref.current;
    if (!el || !interactive || !handle.width) return;
    const onWheel = (ev: WheelEvent) => {
      const width = live.current.width;
      if (!width || ev.deltaY === 0) return;
      ev.preventDefault();
      const factor = ev.deltaY < 0 ? WIDTH_FACTOR_WHEEL : 1 / WIDTH_FACTOR_WHEEL;
      apply({ [width.name]: stepTo(width, width.value * factor) }, 'nudge');
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
    // apply reads the live ref and the stable edit: the listener is renewed only when it comes or goes
  }, [interactive, handle.width !== undefined]);

  const handleKeyDown = (e: KeyboardEvent<SVGGElement>) => {
    if (!interactive) return;
    const h = live.current;
    const sign = e.key === 'ArrowRight' || e.key === 'ArrowUp' || e.key === 'PageUp' ? 1 : -1;
    let fields: BandFields | undefined;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const octaves = sign * (e.shiftKey ? OCTAVE_STEP_LARGE : OCTAVE_STEP);
      fields = position(h, stepTo(h.frequency, h.frequency.value * Math.pow(2, octaves)), h.gain?.value);
    } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && h.gain) {
      const db = sign * (e.shiftKey ? GAIN_STEP_LARGE_DB : GAIN_STEP_DB);
      fields = position(h, h.frequency.value, stepTo(h.gain, h.gain.value + db));
    } else if ((e.key === 'PageUp' || e.key === 'PageDown') && h.width) {
      fields = { [h.width.name]: stepTo(h.width, h.width.value * Math.pow(WIDTH_FACTOR_KEY, sign)) };
    }
    if (!fields) return;
    e.preventDefault();
    apply(fields, 'nudge');
  };

  const colour = theme.palette.primary.main;
  const now = handle.gain ?? handle.frequency;
  return (
    <g
      ref={ref}
      role="slider"
      tabIndex={0}
      aria-label={props.label}
      aria-valuetext={props.valueText}
      aria-valuenow={now.value}
      aria-valuemin={now.bounds.min}
      aria-valuemax={now.bounds.max}
      aria-orientation={handle.gain ? 'vertical' : 'horizontal'}
      aria-disabled={interactive ? undefined : true}
      aria-describedby={props.describedBy}
      transform={`translate(${x.toFixed(1)},${y.toFixed(1)})`}
      onPointerDown={handlePointerDown}
      onKeyDown={handleKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      style={{ cursor: interactive ? 'grab' : 'default', pointerEvents: 'auto', touchAction: 'none', outline: 'none' }}
      opacity={interactive ? 1 : 0.5}
    >
      {/* a larger target for fingers */}
      <circle r={18} fill="transparent" />
      <circle
        r={focused ? 12 : 10}
        fill={colour}
        fillOpacity={0.85}
        stroke={focused ? theme.palette.text.primary : theme.palette.background.paper}
        strokeWidth={2}
      />
      <text
        textAnchor="middle"
        dy="0.35em"
        fontSize={9}
        fill={theme.palette.primary.contrastText}
        style={{ userSelect: 'none' }}
      >
        {props.mark}
      </text>
    </g>
  );
}
