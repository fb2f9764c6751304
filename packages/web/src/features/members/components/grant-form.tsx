import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { GRANT_MAX_DAYS, MEMBER_ROLES, type MemberRole, type Venue } from '@rackside/protocol';
import { useState } from 'react';
import { useMembersText } from '../../../shared/cloud/org-i18n';
import { useCreateGrantMutation } from '../api/members-api';
import { grantsErrorKey } from '../grants-errors';
import { useGrantsText } from '../grants-i18n';
import { VenuePicker } from './venue-picker';

const DAY_MS = 86_400_000;
/** A day as the date input writes it (local time). */
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * Give an integrator access (issue 21): the integrator (its owner's e-mail, or the organisation id it shares), a role,
 * the venues (at least one) and the last day (tomorrow to GRANT_MAX_DAYS ahead; the access ends at that day's end).
 */
export function GrantForm({
  venues,
  onGranted,
}: {
  venues: readonly Venue[];
  onGranted: (name: string, date: string) => void;
}) {
  const { t } = useGrantsText();
  const { t: tm } = useMembersText();
  const [createGrant, { isLoading }] = useCreateGrantMutation();
  const [integrator, setIntegrator] = useState('');
  const [role, setRole] = useState<MemberRole>('technician');
  const [venueIds, setVenueIds] = useState<string[]>([]);
  const [until, setUntil] = useState(() => dayOf(new Date(Date.now() + 7 * DAY_MS)));
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const now = Date.now();
  const endsAt = new Date(`${until}T23:59:59`);
  const endValid =
    !Number.isNaN(endsAt.getTime()) && endsAt.getTime() > now && endsAt.getTime() <= now + GRANT_MAX_DAYS * DAY_MS;
  const problems = {
    integrator: integrator.trim() === '' ? t('grantForm.integratorRequired') : undefined,
    venues: venueIds.length === 0 ? t('venues.required') : undefined,
    until: endValid ? undefined : t('grantForm.expiresInvalid'),
  };
  const submit = async () => {
    setChecked(true);
    setError(null);
    if (problems.integrator || problems.venues || problems.until) return;
    const result = await createGrant({
      integrator: integrator.trim(),
      role,
      venueIds,
      expiresAt: endsAt.toISOString(),
    });
    if (result.error) {
      setError(t(grantsErrorKey(result.error)));
      return;
    }
    setChecked(false);
    setIntegrator('');
    setVenueIds([]);
    onGranted(result.data.integratorName, new Date(result.data.expiresAt).toLocaleDateString());
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={1.5}
      aria-labelledby="grant-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Typography id="grant-form-title" variant="subtitle1" component="h3">
        {t('grantForm.title')}
      </Typography>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <TextField
        label={t('grantForm.integrator')}
        value={integrator}
        autoComplete="off"
        onChange={(e) => setIntegrator(e.target.value)}
        error={checked && problems.integrator !== undefined}
        helperText={checked ? problems.integrator : undefined}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          label={t('grantForm.role')}
          value={role}
          onChange={(e) => setRole(e.target.value as MemberRole)}
          sx={{ minWidth: 160 }}
        >
          {MEMBER_ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {tm(`roles.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <VenuePicker
          label={t('grantForm.venues')}
          venues={venues}
          value={venueIds}
          onChange={(ids) => setVenueIds(ids ?? [])}
          error={checked ? problems.venues : undefined}
        />
        <TextField
          type="date"
          label={t('grantForm.expires')}
          value={until}
          onChange={(e) => setUntil(e.target.value)}
          error={checked && problems.until !== undefined}
          helperText={checked ? problems.until : undefined}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: {
              min: dayOf(new Date(now + DAY_MS)),
              max: dayOf(new Date(now + (GRANT_MAX_DAYS - 1) * DAY_MS)),
            },
          }}
        />
      </Stack>
      <Button type="submit" variant="contained" loading={isLoading} sx={{ alignSelf: 'flex-start' }}>
        {t('grantForm.submit')}
      </Button>
    </Stack>
  );
}
