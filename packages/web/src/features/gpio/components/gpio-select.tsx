/** One GPIO port field as a select with the model's choices (spec 2 §3); Locked shows the padlock, Readonly disables. */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { isUacHidden, isUacReadonly, type UacLevel } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { LockedField } from '../../../shared/ui/value-slider-lock';
import { GPIO_NS } from '../gpio-i18n';

export interface GpioSelectProps {
  label: string;
  value: string | undefined;
  choices: readonly string[];
  level: UacLevel;
  onSelect: (value: string) => void;
}

export function GpioSelect({ label, value, choices, level, onSelect }: GpioSelectProps) {
  const { t } = useTranslation(GPIO_NS);
  const loose = t as unknown as (key: string, options: { defaultValue: string }) => string;
  if (isUacHidden(level)) return <LockedField label={label} />;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value !== undefined && choices.includes(value) ? value : ''}
      disabled={isUacReadonly(level)}
      onChange={(e) => onSelect(e.target.value)}
    >
      {choices.map((c) => (
        // a choice a newer amp adds shows as the amp spells it
        <MenuItem key={c} value={c}>
          {loose(`choices.${c}`, { defaultValue: c })}
        </MenuItem>
      ))}
    </TextField>
  );
}
