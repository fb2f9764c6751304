/**
 * A slider with its value label (spec 2 §5): the label opens the 'enter new value' dialog; logarithmic fields map
 * positions 0-100 to their range; writes are throttled to one per 50 ms while dragging; delays show in the user's
 * unit; UAC Locked shows a padlock (or hides), Readonly disables (spec 2 §6). Keyboard: the arrows move one step;
 * PageUp/PageDown (and Shift+arrow) move `pageStep`, by default PAGE_STEP = 1 field unit (1 dB on a fader) or 1 % of a
 * logarithmic slider's travel, never MUI's 10 (issue 18); Home/End go to the bounds.
 */
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import {
  isUacHidden,
  isUacReadonly,
  logPositionToValue,
  UAC_LEVELS,
  valueToLogPosition,
  type DelayUnit,
  type SliderBounds,
  type UacLevel,
} from '@rackside/protocol';
import { EntryDialog } from './value-slider-entry-dialog';
import { useUiText } from './value-slider-i18n';
import { LockedField, WithReadonlyPadlock } from './value-slider-lock';
import { displayScale, formatValue, pageStepOf, settle } from './value-slider-math';
import { useThrottle } from './value-slider-throttle';
import { useSettledValue } from './value-slider-settled';

/** spec 2 §5: a logarithmic slider runs over positions 0-100. */
const LOG_POSITIONS = { min: 0, max: 100, step: 0.1 } as const;

export interface ValueSliderProps {
  label: string;
  /** The device's value, in device units (delays in ms). */
  value: number;
  /** min, max and step from the field schema. */
  bounds: SliderBounds;
  /** The unit shown after the value (already translated). */
  unit?: string | undefined;
  /** spec 2 §5: a logarithmic slider (frequencies, q). */
  log?: boolean | undefined;
  /** The value is a delay in ms, shown in this unit (spec 2 §5). */
  delayUnit?: DelayUnit | undefined;
  access?: UacLevel | undefined;
  /** spec 2 §6: hide instead of showing a padlock when locked. */
  hideWhenLocked?: boolean | undefined;
  disabled?: boolean | undefined;
  /** The write: throttled while dragging, immediate on release or entry. */
  onChange: (value: number) => void;
  /**
   * PageUp/PageDown (and Shift+arrow): in the field's units, or in positions 0-100 on a logarithmic slider. Defaults to
   * PAGE_STEP (1: 1 dB on a fader).
   */
  pageStep?: number | undefined;
  /** Every intermediate value while dragging (for live previews), then undefined when the drag ends. */
  onPreview?: ((value: number | undefined) => void) | undefined;
}

export function ValueSlider(props: ValueSliderProps) {
  const { label, value, bounds, unit, log = false, delayUnit, access = UAC_LEVELS.Write, onChange, onPreview } = props;
  const t = useUiText();
  const labelId = useId();
  const [entryOpen, setEntryOpen] = useState(false);
  const [drag, setDrag] = useState<number | undefined>(undefined);
  const [settled, remember] = useSettledValue(value);
  const throttle = useThrottle(onChange);

  if (isUacHidden(access)) return props.hideWhenLocked ? null : <LockedField label={label} />;
  const disabled = props.disabled === true || isUacReadonly(access);
  const scale = displayScale(bounds.step, delayUnit);
  const shown = drag ?? settled;
  const toPosition = (v: number) => (log ? valueToLogPosition(v, bounds) : v);
  const fromPosition = (p: number) => settle(log ? logPositionToValue(p, bounds) : p, bounds);
  const text = formatValue(shown, scale);
  const withUnit = unit ? `${text} ${unit}` : text;

  const handleChange = (_: Event, position: number | number[]) => {
    if (typeof position !== 'number') return;
    const v = fromPosition(position);
    setDrag(v);
    onPreview?.(v);
    throttle.call(v);
  };
  const handleCommit = (_: unknown, position: number | number[]) => {
    if (typeof position !== 'number') return;
    const v = fromPosition(position);
    setDrag(undefined);
    remember(v);
    throttle.flush(v);
    onPreview?.(undefined);
  };
  const handleSave = (entered: number) => {
    setEntryOpen(false);
    const v = settle(scale.fromDisplay(entered), bounds);
    remember(v);
    throttle.flush(v);
    onPreview?.(v);
    onPreview?.(undefined);
  };

  return (
    <Box sx={{ minWidth: 160 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <WithReadonlyPadlock readonly={isUacReadonly(access)}>
          <Typography id={labelId} variant="body2">
            {label}
          </Typography>
        </WithReadonlyPadlock>
        <Button
          size="small"
          disabled={disabled}
          onClick={() => setEntryOpen(true)}
          aria-label={t('ui.editValue', { label })}
          sx={{ textTransform: 'none', fontVariantNumeric: 'tabular-nums' }}
        >
          {withUnit}
        </Button>
      </Box>
      <Slider
        size="small"
        aria-labelledby={labelId}
        value={toPosition(shown)}
        {...(log ? LOG_POSITIONS : bounds)}
        shiftStep={pageStepOf(log ? LOG_POSITIONS.step : bounds.step, props.pageStep)}
        disabled={disabled}
        onChange={handleChange}
        onChangeCommitted={handleCommit}
        getAriaValueText={() => withUnit}
      />
      {entryOpen && (
        <EntryDialog
          label={label}
          current={text}
          min={scale.toDisplay(bounds.min)}
          max={scale.toDisplay(bounds.max)}
          decimals={scale.decimals}
          unit={unit}
          onSave={handleSave}
          onClose={() => setEntryOpen(false)}
        />
      )}
    </Box>
  );
}
