import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { canAddVenue, venueNameExists } from '@rackside/protocol';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAddVenueMutation } from '../api/venues-api';
import { useVenuesOverview } from '../use-venues';

/**
 * spec 1 §2 Add venue: one name field; Add venue is disabled while the name is empty or another venue has it
 * (case-insensitively), which 'venue name already exists' says as soon as it is typed. On success, back to where the
 * user came from.
 */
export function AddVenuePage() {
  const { t } = useTranslation('venues');
  const navigate = useNavigate();
  const location = useLocation();
  const { data } = useVenuesOverview();
  const [addVenue, { isLoading, isError }] = useAddVenueMutation();
  const [name, setName] = useState('');
  const venues = data?.venues ?? [];
  const exists = venueNameExists(name, venues);
  const back = () => {
    // a page loaded directly has no previous screen in this app: go to the venues
    if (location.key === 'default') void navigate('/venues', { replace: true });
    else void navigate(-1);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canAddVenue(name, venues) || isLoading) return;
    const result = await addVenue({ name: name.trim() });
    if (!result.error) back();
  };
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2, overflow: 'auto' }}>
      <Paper component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ p: 3, width: '100%', maxWidth: 440 }}>
        <Stack spacing={2.5}>
          <Typography variant="h5" component="h1">
            {t('add.title')}
          </Typography>
          {isError ? <Alert severity="error">{t('add.failed')}</Alert> : null}
          <TextField
            label={t('add.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={exists}
            helperText={exists ? t('add.exists') : undefined}
            autoFocus
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={back}>{t('settings.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!canAddVenue(name, venues)} loading={isLoading}>
              {t('add.submit')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
