import { FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useId, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { INCIDENTS_NS } from '../incidents-i18n';
import { useMessage, type SettingsForm } from './use-settings-message';

const timeZones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
};

/** Quiet hours on or off; while on, their start, end and time zone (the browser's offered by name). */
export function QuietHours({ form }: { form: SettingsForm }) {
  const { t } = useTranslation(INCIDENTS_NS);
  const listId = useId();
  const zones = useMemo(timeZones, []);
  const quiet = form.watch('quiet');
  const start = useMessage(form, 'start');
  const end = useMessage(form, 'end');
  const zone = useMessage(form, 'timeZone');
  return (
    <Stack spacing={1.5}>
      <Controller
        control={form.control}
        name="quiet"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label={t('settings.quietHours')}
          />
        )}
      />
      <Typography variant="body2" color="textSecondary">
        {t('settings.quietHoursHint')}
      </Typography>
      {quiet ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            {...form.register('start')}
            label={t('settings.start')}
            type="time"
            error={start !== undefined}
            helperText={start}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            {...form.register('end')}
            label={t('settings.end')}
            type="time"
            error={end !== undefined}
            helperText={end}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            {...form.register('timeZone')}
            label={t('settings.timeZone')}
            error={zone !== undefined}
            helperText={zone}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { list: listId, maxLength: 64, autoComplete: 'off' } }}
          />
          <datalist id={listId}>
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </Stack>
      ) : null}
    </Stack>
  );
}
