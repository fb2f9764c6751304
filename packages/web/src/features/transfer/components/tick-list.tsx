import { Checkbox, FormControlLabel, FormGroup, FormLabel, Stack } from '@mui/material';
import { AMP_TICKS, CHANNEL_TICKS, type TransferTick, type TransferTicks } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { TRANSFER_NS } from '../transfer-i18n';

/** spec 3 §2: the amp-level and channel-level ticks; the channel-level ones carry nothing without `channels`. */
export function TickList({
  ticks,
  onChange,
  label,
}: {
  ticks: TransferTicks;
  onChange: (ticks: TransferTicks) => void;
  label: string;
}) {
  const { t } = useTranslation(TRANSFER_NS);
  const box = (tick: TransferTick, disabled = false) => (
    <FormControlLabel
      key={tick}
      disabled={disabled}
      control={
        <Checkbox
          size="small"
          checked={ticks[tick]}
          onChange={(e) => onChange({ ...ticks, [tick]: e.target.checked })}
        />
      }
      label={t(`ticks.${tick}`)}
    />
  );
  return (
    <Stack role="group" aria-label={label} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <FormGroup>
        <FormLabel component="legend">{t('ticks.ampLevel')}</FormLabel>
        {AMP_TICKS.map((tick) => box(tick))}
      </FormGroup>
      <FormGroup>
        <FormLabel component="legend">{t('ticks.channelLevel')}</FormLabel>
        {CHANNEL_TICKS.map((tick) => box(tick, !ticks.channels))}
      </FormGroup>
    </Stack>
  );
}
