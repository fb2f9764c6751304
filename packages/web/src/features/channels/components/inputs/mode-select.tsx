/** spec 2 §2: the input mode, Override or Backup; both disabled while a GPIO is in manual override. */
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { isUacHidden, isUacReadonly } from '@rackside/protocol';
import { LockedField } from '../../../../shared/ui/value-slider-lock';
import { enumSchema, valueAt } from '../../../../device/fields/field-info';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { sendField } from '../fields/send';

export function ModeSelect({ ctx, url, gpioOverride }: { ctx: FieldContext; url: string; gpioOverride: boolean }) {
  const { t, field, choice } = useChannelsText();
  const schema = enumSchema(ctx.info, url);
  if (!schema) return null;
  const level = ctx.access(url);
  if (isUacHidden(level)) return <LockedField label={field('mode')} />;
  const disabled = gpioOverride || isUacReadonly(level);
  const value = valueAt(ctx.state, url);
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend">{field('mode')}</FormLabel>
      <RadioGroup
        row
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => sendField(ctx.write, url, e.target.value)}
      >
        {schema.choices.map((c) => (
          <FormControlLabel key={c} value={c} control={<Radio />} label={choice(c)} />
        ))}
      </RadioGroup>
      {gpioOverride && <FormHelperText>{t('inputs.modeLockedByGpio')}</FormHelperText>}
    </FormControl>
  );
}
