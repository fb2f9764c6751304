/**
 * An enum field as a select with the model's choices from its schema (spec 2 §6 capabilities), UAC from its URL. The
 * chosen value wraps rather than being truncated (issue 18).
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { isUacHidden, isUacReadonly } from '@rackside/protocol';
import { LockedField, WithReadonlyPadlock } from '../../../../shared/ui/value-slider-lock';
import { enumSchema, splitFieldUrl, valueAt } from '../../../../device/fields/field-info';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { levelOf } from './access';
import { sendField } from './send';

export interface FieldSelectProps {
  ctx: FieldContext;
  url: string;
  label?: string | undefined;
  /** Narrows the schema's choices (a capability rule). */
  filter?: ((choice: string) => boolean) | undefined;
  /** Replaces the single-field write (the Hi-Z rule writes two fields). */
  onSelect?: ((value: string) => void) | undefined;
  disabled?: boolean | undefined;
}

/** Renders nothing when the model lacks the field. */
export function FieldSelect({ ctx, url, label, filter, onSelect, disabled }: FieldSelectProps) {
  const { field, choice } = useChannelsText();
  const schema = enumSchema(ctx.info, url);
  if (!schema) return null;
  const text = label ?? field(splitFieldUrl(url).name);
  const level = levelOf(ctx.access, url);
  if (isUacHidden(level)) return <LockedField label={text} />;
  const choices = filter ? schema.choices.filter(filter) : schema.choices;
  const raw = valueAt(ctx.state, url);
  const value = typeof raw === 'string' && choices.includes(raw) ? raw : '';
  const readonly = isUacReadonly(level);
  return (
    <WithReadonlyPadlock readonly={readonly} block>
      <TextField
        select
        size="small"
        label={text}
        value={value}
        disabled={disabled === true || readonly || schema.readOnly === true}
        onChange={(e) => (onSelect ? onSelect(e.target.value) : sendField(ctx.write, url, e.target.value))}
        // a long choice ('Linkwitz-Riley 24 dB/oct', a translation) wraps onto a second line instead of ending in '…';
        // three classes outweigh the select's own `.css-….MuiSelect-select` nowrap
        sx={{
          minWidth: 200,
          '& .MuiInputBase-root .MuiSelect-select': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
        }}
      >
        {choices.map((c) => (
          <MenuItem key={c} value={c}>
            {choice(c)}
          </MenuItem>
        ))}
      </TextField>
    </WithReadonlyPadlock>
  );
}
