import { Alert, Box, Button, Divider, Paper, Stack, TextField, Typography } from '@mui/material';
import { canDeleteVenue, checkVenueName } from '@rackside/protocol';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorNameOf } from '../../../shared/cloud/cloud-error';
import { LoadingScreen } from '../../../shared/ui/loading-screen';
import { LoadingSpinner } from '../../../shared/ui/loading-spinner';
import { useDeleteVenueMutation, useRenameVenueMutation } from '../api/venues-api';
import { useVenue, useVenuesOverview } from '../use-venues';
import type { VenueOverview } from '../venue-overview';
import { DeleteVenueDialog, type DeleteStep } from './delete-venue-dialog';
import { GuardedButton } from '../../../shared/cloud/guarded-button';
import { usePermission } from '../../../shared/cloud/use-organisation';
import { RecipientsSection } from './lazy-sections';

type Problem = 'nameExists' | 'failed' | null;

// issue 15: quiet hours, reminders and escalation load in the incidents chunk
const NotificationSettings = lazy(async () => ({
  default: (await (await import('../../incidents')).loadIncidentScreens()).NotificationSettingsSection,
}));

/**
 * spec 1 §2 venue settings: name form (Cancel, Save, Delete), Firmware update, the notification recipients and (issue
 * 15) the notification settings.
 */
function VenueSettings({ venue }: { venue: VenueOverview }) {
  const { t } = useTranslation('venues');
  const navigate = useNavigate();
  const { data } = useVenuesOverview();
  const [rename, renaming] = useRenameVenueMutation();
  const [remove, removing] = useDeleteVenueMutation();
  const [name, setName] = useState(venue.name);
  const [problem, setProblem] = useState<Problem>(null);
  const [deleteStep, setDeleteStep] = useState<DeleteStep>(null);
  const write = usePermission('venue.write');
  const changed = name.trim() !== venue.name && name.trim() !== '';
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    // spec 1 §5: rejected before the call with VENUE_NAME_EXISTS
    if (checkVenueName(name, data?.venues ?? [], venue.venueId)) return setProblem('nameExists');
    const result = await rename({ venueId: venue.venueId, name: name.trim() });
    if (result.error) setProblem(errorNameOf(result.error) === 'VENUE_NAME_EXISTS' ? 'nameExists' : 'failed');
    else setProblem(null);
  };
  const confirmDelete = async () => {
    const result = await remove({ venueId: venue.venueId });
    if (!result.error) return void navigate('/venues', { replace: true });
    setDeleteStep(errorNameOf(result.error) === 'VENUE_HAS_AMPS' ? 'refused' : null);
    if (errorNameOf(result.error) !== 'VENUE_HAS_AMPS') setProblem('failed');
  };
  return (
    <Stack spacing={3}>
      <Stack component="form" noValidate onSubmit={(e) => void save(e)} spacing={2}>
        {problem ? (
          <Alert severity="error">{t(problem === 'nameExists' ? 'settings.nameExists' : 'settings.failed')}</Alert>
        ) : null}
        <TextField
          label={t('settings.name')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setProblem(null);
          }}
          // issue 21: a role without venue.write reads the name (the Delete button says why)
          slotProps={{ htmlInput: { maxLength: 100, readOnly: !write.allowed } }}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <GuardedButton
            permission="venue.write"
            color="error"
            onClick={() => setDeleteStep(canDeleteVenue(venue.amps.length) ? 'confirm' : 'refused')}
          >
            {t('settings.delete')}
          </GuardedButton>
          <Box sx={{ flex: 1 }} />
          <Button disabled={!changed} onClick={() => setName(venue.name)}>
            {t('settings.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!changed} loading={renaming.isLoading}>
            {t('settings.save')}
          </Button>
        </Stack>
      </Stack>
      <Divider />
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h6" component="h2">
          {t('settings.firmwareTitle')}
        </Typography>
        <Button component={RouterLink} to="/update" variant="outlined">
          {t('settings.firmware')}
        </Button>
      </Stack>
      <Divider />
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          {t('settings.recipients')}
        </Typography>
        <RecipientsSection venueId={venue.venueId} />
      </Stack>
      <Divider />
      <Suspense fallback={<LoadingSpinner />}>
        <NotificationSettings venueId={venue.venueId} />
      </Suspense>
      <DeleteVenueDialog
        step={deleteStep}
        name={venue.name}
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleteStep(null)}
      />
    </Stack>
  );
}

/** /venues/{id}/settings; an unknown venue goes back to /venues. */
export function VenueSettingsPage() {
  const { t } = useTranslation('venues');
  const { venueId } = useParams();
  const { venue, loaded } = useVenue(venueId);
  if (!loaded) return <LoadingScreen />;
  if (!venue) return <Navigate to="/venues" replace />;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, overflow: 'auto' }}>
      <Paper sx={{ p: 3, width: '100%', maxWidth: 560 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2.5 }}>
          {t('settings.title')}
        </Typography>
        <VenueSettings key={venue.venueId} venue={venue} />
      </Paper>
    </Box>
  );
}
