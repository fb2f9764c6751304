/** Read-only values: a labelled number with its unit, and an on/off flag. */
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { decimalsOf } from '../../../../shared/ui/value-slider-math';
import { numberSchema, splitFieldUrl } from '../../../../device/fields/field-info';
import { useLiveValue } from '../../../../device/fields/live';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';

/** A number field shown as text ('Measured impedance: 7.8 Ω'); nothing when the model lacks it. */
export function FieldReadout({ ctx, url, label }: { ctx: FieldContext; url: string; label?: string }) {
  const { t, field, unit } = useChannelsText();
  const schema = numberSchema(ctx.info, url);
  const raw = useLiveValue(ctx, url);
  if (!schema || typeof raw !== 'number') return null;
  const u = unit(schema.unit);
  const value = `${raw.toFixed(decimalsOf(schema.step))}${u ? ` ${u}` : ''}`;
  return (
    <Typography variant="body2">
      {t('flags.state', { label: label ?? field(splitFieldUrl(url).name), value })}
    </Typography>
  );
}

/** A boolean shown as a chip ('Primary signal: Yes'), coloured when on. */
export function FlagChip({
  label,
  on,
  color = 'success',
}: {
  label: string;
  on: boolean;
  color?: 'success' | 'error';
}) {
  const { t } = useChannelsText();
  return (
    <Chip
      size="small"
      variant={on ? 'filled' : 'outlined'}
      color={on ? color : 'default'}
      label={t('flags.state', { label, value: on ? t('flags.on') : t('flags.off') })}
    />
  );
}

/** A boolean field as a chip; nothing when the model lacks it. */
export function FieldFlag({
  ctx,
  url,
  label,
  color,
}: {
  ctx: FieldContext;
  url: string;
  label?: string;
  color?: 'success' | 'error';
}) {
  const { field } = useChannelsText();
  const raw = useLiveValue(ctx, url);
  if (typeof raw !== 'boolean') return null;
  return <FlagChip label={label ?? field(splitFieldUrl(url).name)} on={raw} color={color} />;
}

/** spec 2 §2: a monitor's status as OK or not OK (naming the fault: Short, Open, Low Signal). */
export function StatusChip({ status }: { status: unknown }) {
  const { t, choice } = useChannelsText();
  const ok = status === 'Ok';
  const value = ok ? t('loadMonitor.ok') : t('loadMonitor.notOk', { status: choice(String(status)) });
  return (
    <Chip
      size="small"
      color={ok ? 'success' : 'error'}
      label={t('flags.state', { label: t('fields.status'), value })}
    />
  );
}
