/** The fields the group forms share: a name edited in place, a dB value typed in, and a volume group's channels. */
import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import type { VolumeGroup } from '@rackside/protocol';
import { useState } from 'react';
import type { AmpChannelRef } from '../store/touch-editor-slice';
import { useTouchGroupsText } from '../touch-i18n';

/** Rounds to the 0.1 dB step of ranges and offsets. */
export const toStep = (value: number): number => Math.round(value * 10) / 10;

/**
 * A name edited in place: applied while it is valid; an invalid one (empty, too long) shows `errorText` and is not
 * applied. `maxLength` stops the input itself at that length.
 */
export function NameField(props: {
  label: string;
  value: string;
  valid: (name: string) => boolean;
  errorText: string;
  helperText?: string;
  maxLength?: number;
  onApply: (name: string) => void;
}) {
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? props.value;
  const ok = props.valid(shown);
  return (
    <TextField
      label={props.label}
      value={shown}
      error={!ok}
      helperText={ok ? props.helperText : props.errorText}
      onChange={(e) => {
        setText(e.target.value);
        if (props.valid(e.target.value)) props.onApply(e.target.value);
      }}
      onBlur={() => {
        if (ok) setText(null);
      }}
      slotProps={{ htmlInput: props.maxLength === undefined ? {} : { maxLength: props.maxLength } }}
      fullWidth
    />
  );
}

/** A dB value typed in: applied while it is a number within [min, max]; otherwise an error and not applied. */
export function DbField(
  props: {
    label: string;
    value: number;
    min: number;
    max: number;
    step: number;
    onApply: (value: number) => void;
  } & Pick<TextFieldProps, 'size' | 'sx'>,
) {
  const { t } = useTouchGroupsText();
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? String(props.value);
  const inRange = (s: string) => s.trim() !== '' && Number(s) >= props.min && Number(s) <= props.max;
  const ok = inRange(shown);
  return (
    <TextField
      type="number"
      label={props.label}
      value={shown}
      error={!ok}
      helperText={ok ? undefined : t('volume.valueError', { min: props.min, max: props.max })}
      size={props.size}
      sx={props.sx}
      onChange={(e) => {
        setText(e.target.value);
        if (inRange(e.target.value)) props.onApply(toStep(Number(e.target.value)));
      }}
      onBlur={() => {
        if (ok) setText(null);
      }}
      slotProps={{
        htmlInput: { min: props.min, max: props.max, step: props.step },
        input: { endAdornment: <InputAdornment position="end">{t('volume.dB')}</InputAdornment> },
      }}
    />
  );
}

/** The channels of a volume group as picker references, in the group's order. */
export const volumeGroupRefs = (group: Pick<VolumeGroup, 'amps'>): AmpChannelRef[] =>
  group.amps.flatMap((a) =>
    Object.keys(a.channels)
      .map(Number)
      .sort((x, y) => x - y)
      .map((channel) => ({ ipAddress: a.ipAddress, macAddress: a.macAddress, channel })),
  );
