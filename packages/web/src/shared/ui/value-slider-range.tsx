/**
 * The range variant of the value slider (spec 2 §5): two thumbs that keep low at or below high, each value label
 * opening the entry dialog for its end. Used for the load monitor's low/high limits. PageUp/PageDown move a thumb by
 * `pageStep` (PAGE_STEP = 1 field unit by default), as on the value slider.
 */
import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import {
  isUacHidden,
  isUacReadonly,
  moveRangeEnd,
  UAC_LEVELS,
  type SliderBounds,
  type UacLevel,
} from '@rackside/protocol';
import { EntryDialog } from './value-slider-entry-dialog';
import { useUiText } from './value-slider-i18n';
import { LockedField, WithReadonlyPadlock } from './value-slider-lock';
import { decimalsOf, pageStepOf, settle } from './value-slider-math';
import { useThrottle } from './value-slider-throttle';

type Range = [number, number];
type End = 'low' | 'high';

export interface RangeValueSliderProps {
  label: string;
  lowLabel: string;
  highLabel: string;
  value: Range;
  /** Each end's own field schema. */
  lowBounds: SliderBounds;
  highBounds: SliderBounds;
  unit?: string | undefined;
  access?: UacLevel | undefined;
  /** PageUp/PageDown (and Shift+arrow), in the field's units; defaults to PAGE_STEP. */
  pageStep?: number | undefined;
  /** The write of both ends; throttled while dragging. */
  onChange: (value: Range) => void;
}

export function RangeValueSlider(props: RangeValueSliderProps) {
  const { label, lowLabel, highLabel, value, lowBounds, highBounds, unit, access = UAC_LEVELS.Write } = props;
  const t = useUiText();
  const [drag, setDrag] = useState<Range | undefined>(undefined);
  const [entry, setEntry] = useState<End | undefined>(undefined);
  // MUI calls onChangeCommitted in the same event as the last onChange: read the range from a ref, not from state
  const last = useRef<Range | undefined>(undefined);
  const throttle = useThrottle(props.onChange);

  if (isUacHidden(access)) return <LockedField label={label} />;
  const disabled = isUacReadonly(access);
  const shown = drag ?? value;
  const step = Math.min(lowBounds.step, highBounds.step);
  const decimals = decimalsOf(step);
  const overall: SliderBounds = {
    min: Math.min(lowBounds.min, highBounds.min),
    max: Math.max(lowBounds.max, highBounds.max),
    step,
  };
  // spec 2 §5: each end stays within its own schema and on its side of the other end
  const endBounds = (end: End): SliderBounds =>
    end === 'low'
      ? { ...lowBounds, max: Math.min(lowBounds.max, shown[1]) }
      : { ...highBounds, min: Math.max(highBounds.min, shown[0]) };
  const move = (end: End, v: number): Range => moveRangeEnd(shown, end, settle(v, endBounds(end)));
  const format = (v: number) => (unit ? `${v.toFixed(decimals)} ${unit}` : v.toFixed(decimals));

  const handleChange = (_: Event, next: number | number[], thumb: number) => {
    if (!Array.isArray(next)) return;
    const end: End = thumb === 0 ? 'low' : 'high';
    const r = move(end, (end === 'low' ? next[0] : next[1]) ?? shown[thumb] ?? 0);
    last.current = r;
    setDrag(r);
    throttle.call(r);
  };
  const handleCommit = () => {
    if (last.current) throttle.flush(last.current);
    last.current = undefined;
    setDrag(undefined);
  };
  const handleSave = (end: End, v: number) => {
    setEntry(undefined);
    throttle.flush(move(end, v));
  };

  const endButton = (end: End, endLabel: string, v: number) => (
    <Button
      size="small"
      disabled={disabled}
      onClick={() => setEntry(end)}
      aria-label={t('ui.editValue', { label: endLabel })}
      sx={{ textTransform: 'none' }}
    >
      {format(v)}
    </Button>
  );
  const open = entry ? endBounds(entry) : undefined;

  return (
    <Box sx={{ minWidth: 160 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        {endButton('low', lowLabel, shown[0])}
        <WithReadonlyPadlock readonly={disabled}>
          <Typography variant="body2">{label}</Typography>
        </WithReadonlyPadlock>
        {endButton('high', highLabel, shown[1])}
      </Box>
      <Slider
        size="small"
        value={shown}
        {...overall}
        shiftStep={pageStepOf(step, props.pageStep)}
        disabled={disabled}
        disableSwap
        getAriaLabel={(i) => (i === 0 ? lowLabel : highLabel)}
        getAriaValueText={(v) => format(v)}
        onChange={handleChange}
        onChangeCommitted={handleCommit}
      />
      {entry && open && (
        <EntryDialog
          label={entry === 'low' ? lowLabel : highLabel}
          current={(entry === 'low' ? shown[0] : shown[1]).toFixed(decimals)}
          min={open.min}
          max={open.max}
          decimals={decimals}
          unit={unit}
          onSave={(v) => handleSave(entry, v)}
          onClose={() => setEntry(undefined)}
        />
      )}
    </Box>
  );
}
