/** A boolean field as a switch; Locked shows a padlock (or hides), Readonly disables (spec 2 §6). */
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { isUacHidden, isUacReadonly } from '@rackside/protocol';
import { LockedField, WithReadonlyPadlock } from '../../../../shared/ui/value-slider-lock';
import { splitFieldUrl, valueAt } from '../../../../device/fields/field-info';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { levelOf } from './access';
import { sendField } from './send';

export interface FieldSwitchProps {
  ctx: FieldContext;
  url: string;
  label?: string | undefined;
  permission?: string | undefined;
  hideWhenLocked?: boolean | undefined;
  disabled?: boolean | undefined;
}

/** Renders nothing when the model lacks the field. */
export function FieldSwitch({ ctx, url, label, permission, hideWhenLocked, disabled }: FieldSwitchProps) {
  const { field } = useChannelsText();
  const schema = ctx.info(url);
  if (schema?.type !== 'boolean') return null;
  const text = label ?? field(splitFieldUrl(url).name);
  const level = levelOf(ctx.access, url, permission);
  if (isUacHidden(level)) return hideWhenLocked ? null : <LockedField label={text} />;
  const raw = valueAt(ctx.state, url);
  return (
    <WithReadonlyPadlock readonly={isUacReadonly(level)}>
      <FormControlLabel
        label={text}
        control={
          <Switch
            checked={typeof raw === 'boolean' ? raw : schema.default}
            disabled={disabled === true || isUacReadonly(level) || schema.readOnly === true}
            onChange={(e) => sendField(ctx.write, url, e.target.checked)}
          />
        }
      />
    </WithReadonlyPadlock>
  );
}
