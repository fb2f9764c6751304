/** The power page's writable controls: what they read, and a switch and select that apply a UAC level (spec 2 §6). */
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { isUacHidden, isUacReadonly, type SliderBounds, type UacLevel } from '@rackside/protocol';
import { LockedField, WithReadonlyPadlock } from '../../../shared/ui/value-slider-lock';

/** What a section needs: the level of a named permission, a number field's bounds, and the write. */
export interface ControlContext {
  /** spec 2 §6: the level of a named permission (UAC_PERMISSIONS), guests at most Readonly. */
  readonly level: (permission: string) => UacLevel;
  /** min, max and step of a number field from its schema; undefined when the model lacks it. */
  readonly bounds: (url: string) => SliderBounds | undefined;
  readonly write: (url: string, params: Record<string, unknown>) => void;
}

export function AccessSwitch(props: {
  label: string;
  checked: boolean;
  level: UacLevel;
  onChange: (on: boolean) => void;
}) {
  if (isUacHidden(props.level)) return <LockedField label={props.label} />;
  return (
    <WithReadonlyPadlock readonly={isUacReadonly(props.level)}>
      <FormControlLabel
        label={props.label}
        control={
          <Switch
            checked={props.checked}
            disabled={isUacReadonly(props.level)}
            onChange={(e) => props.onChange(e.target.checked)}
          />
        }
      />
    </WithReadonlyPadlock>
  );
}

export function AccessSelect<C extends string>(props: {
  label: string;
  value: C;
  choices: readonly C[];
  text: (choice: C) => string;
  level: UacLevel;
  onChange: (value: C) => void;
}) {
  if (isUacHidden(props.level)) return <LockedField label={props.label} />;
  return (
    <WithReadonlyPadlock readonly={isUacReadonly(props.level)} block>
      <TextField
        select
        size="small"
        label={props.label}
        value={props.value}
        disabled={isUacReadonly(props.level)}
        onChange={(e) => props.onChange(e.target.value as C)}
      >
        {props.choices.map((c) => (
          <MenuItem key={c} value={c}>
            {props.text(c)}
          </MenuItem>
        ))}
      </TextField>
    </WithReadonlyPadlock>
  );
}
