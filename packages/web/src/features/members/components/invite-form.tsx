import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { InvitationBodySchema, MEMBER_ROLES, type InvitationBody, type Venue } from '@rackside/protocol';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useMembersText } from '../../../shared/cloud/org-i18n';
import { useInviteMutation } from '../api/members-api';
import { useGrantsText } from '../grants-i18n';
import { membersErrorKey } from '../members-errors';
import { VenuePicker } from './venue-picker';

/**
 * Invite someone (issue 21): e-mail, role and the venues it reaches (all, or some), checked with the protocol's schema
 * before anything is sent; a refused invitation says why and keeps what was typed; a sent one empties the form.
 */
export function InviteForm({ venues, onSent }: { venues: readonly Venue[]; onSent: (email: string) => void }) {
  const { t } = useMembersText();
  const { t: tg } = useGrantsText();
  const [invite, { isLoading }] = useInviteMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<InvitationBody>({
    resolver: zodResolver(InvitationBodySchema),
    defaultValues: { email: '', role: 'viewer', venueIds: null },
  });
  const emailError = form.formState.errors.email;
  const emailMessage = emailError
    ? t(form.getValues('email').trim() === '' ? 'invite.emailRequired' : 'invite.emailInvalid')
    : undefined;
  const submit = form.handleSubmit(async (body) => {
    setError(null);
    const { venueIds, ...everyVenue } = body;
    const result = await invite(venueIds ? body : everyVenue);
    if (result.error) {
      setError(t(membersErrorKey(result.error)));
      return;
    }
    form.reset({ email: '', role: body.role, venueIds: null });
    onSent(body.email);
  });
  const { ref, ...email } = form.register('email');
  return (
    <section aria-labelledby="invite-title">
      <Typography id="invite-title" variant="h6" component="h2">
        {t('invite.title')}
      </Typography>
      <Stack component="form" noValidate spacing={1.5} onSubmit={(e) => void submit(e)} sx={{ mt: 1 }}>
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            {...email}
            inputRef={ref}
            type="email"
            autoComplete="off"
            label={t('invite.email')}
            error={emailMessage !== undefined}
            helperText={emailMessage}
            sx={{ flex: 2 }}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <TextField
                select
                label={t('invite.role')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                sx={{ flex: 1, minWidth: 160 }}
              >
                {MEMBER_ROLES.map((role) => (
                  <MenuItem key={role} value={role}>
                    {t(`roles.${role}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={form.control}
            name="venueIds"
            render={({ field }) => (
              <VenuePicker
                allowAll
                label={tg('venues.label')}
                venues={venues}
                value={field.value ?? null}
                onChange={field.onChange}
              />
            )}
          />
        </Stack>
        <Button type="submit" variant="contained" loading={isLoading} sx={{ alignSelf: 'flex-start' }}>
          {t('invite.submit')}
        </Button>
      </Stack>
    </section>
  );
}
