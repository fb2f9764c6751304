import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { VenueNotificationSettings } from '@rackside/protocol';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorNameOf } from '../../../shared/cloud/cloud-error';
import {
  useGetNotificationSettingsQuery,
  useListEscalationCandidatesQuery,
  useSaveNotificationSettingsMutation,
} from '../api/incidents-api';
import { INCIDENTS_NS } from '../incidents-i18n';
import {
  NotificationFormSchema,
  formValuesOf,
  settingsOf,
  type NotificationFormValues,
} from '../notification-settings-form';
import { NotificationFields } from './notification-fields';

type Outcome = 'saved' | 'failed' | null;

function SettingsForm({ venueId, saved }: { venueId: string; saved: VenueNotificationSettings }) {
  const { t } = useTranslation(INCIDENTS_NS);
  const contacts = useListEscalationCandidatesQuery();
  const [save, saving] = useSaveNotificationSettingsMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<NotificationFormValues>({
    resolver: zodResolver(NotificationFormSchema),
    mode: 'onTouched',
    defaultValues: formValuesOf(saved),
  });
  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    const result = await save({ venueId, settings: settingsOf(values) });
    if (!result.error) {
      form.reset(formValuesOf(result.data));
      return setOutcome('saved');
    }
    // a refusal keeps everything typed; the field it is about says why
    const name = errorNameOf(result.error);
    if (name === 'TIME_ZONE_INVALID')
      return form.setError('timeZone', { type: 'server', message: 'TIME_ZONE_INVALID' }, { shouldFocus: true });
    if (name === 'CONTACT_UNKNOWN') {
      void contacts.refetch();
      return form.setError('escalationContactIds', { type: 'server', message: 'CONTACT_UNKNOWN' });
    }
    setOutcome('failed');
  });
  const dirty = form.formState.isDirty;
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(e) => void submit(e)} aria-label={t('settings.title')}>
      <Typography color="textSecondary" variant="body2">
        {t('settings.intro')}
      </Typography>
      <NotificationFields form={form} contacts={contacts.data ?? []} />
      {outcome === 'failed' ? <Alert severity="error">{t('settings.errors.failed')}</Alert> : null}
      {outcome === 'saved' && !dirty ? (
        <Alert severity="success" role="status">
          {t('settings.saved')}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          disabled={!dirty}
          onClick={() => {
            form.reset(formValuesOf(saved));
            setOutcome(null);
          }}
        >
          {t('settings.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!dirty} loading={saving.isLoading}>
          {t('settings.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Venue settings (issue 15): quiet hours, reminders and escalation of the venue's incident messages. */
export function NotificationSettingsSection({ venueId }: { venueId: string }) {
  const { t } = useTranslation(INCIDENTS_NS);
  const { data, isLoading, refetch } = useGetNotificationSettingsQuery(venueId);
  let body;
  if (isLoading) body = <CircularProgress aria-label={t('settings.loading')} />;
  else if (!data)
    body = (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography color="textSecondary">{t('settings.loadFailed')}</Typography>
        <Button variant="outlined" onClick={() => void refetch()}>
          {t('settings.retry')}
        </Button>
      </Stack>
    );
  else body = <SettingsForm venueId={venueId} saved={data} />;
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {t('settings.title')}
      </Typography>
      {body}
    </Stack>
  );
}
