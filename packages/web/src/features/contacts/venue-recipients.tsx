/**
 * spec 1 §2 venue settings, notifications: the venue's recipients in a view mode, and an update mode with a checkbox
 * for every contact, Save and Cancel. Cancel restores the saved selection; Save sends each change and reloads the
 * venue's contacts; when any change fails, the 2-second notice 'some selections failed to save' (spec 1 §4).
 * Loaded lazily by features/venues (components/lazy-sections.tsx).
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  Snackbar,
  Stack,
  Typography,
} from '@mui/material';
import { SNACKBAR_AUTO_HIDE_MS } from '@rackside/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { GuardedButton } from '../../shared/cloud/guarded-button';
import { useGetContactsQuery, useGetVenueContactIdsQuery, useSetVenueContactMutation } from './api/contacts-api';
import { recipientChanges } from './recipients';

function Recipients({ venueId }: { venueId: string }) {
  const { t } = useTranslation('contacts');
  const contacts = useGetContactsQuery();
  const venueContacts = useGetVenueContactIdsQuery({ venueId });
  const [setVenueContact] = useSetVenueContactMutation();
  /** The selection being edited (update mode), or null (view mode). */
  const [chosen, setChosen] = useState<ReadonlySet<string> | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  if (contacts.isLoading || venueContacts.isLoading)
    return (
      <Box sx={{ display: 'flex', py: 2 }} role="status" aria-label={t('recipients.loading')}>
        <CircularProgress size={24} />
      </Box>
    );
  if (!contacts.data || !venueContacts.data)
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">{t('recipients.loadFailed')}</Alert>
        <Button
          onClick={() => {
            void contacts.refetch();
            void venueContacts.refetch();
          }}
        >
          {t('recipients.retry')}
        </Button>
      </Stack>
    );

  const all = contacts.data;
  const saved = new Set(venueContacts.data);
  const changes = chosen
    ? recipientChanges(
        all.map((c) => c.contactId),
        saved,
        chosen,
      )
    : [];
  const save = async () => {
    setSaving(true);
    const results = await Promise.all(changes.map((c) => setVenueContact({ venueId, ...c })));
    await venueContacts.refetch();
    setSaving(false);
    if (results.every((r) => !r.error)) setChosen(null);
    else setFailed(true);
  };
  const toggle = (contactId: string, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(contactId);
      else next.delete(contactId);
      return next;
    });

  const notice = (
    <Snackbar
      open={failed}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      onClose={(_e, reason) => reason !== 'clickaway' && setFailed(false)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="error" variant="filled" onClose={() => setFailed(false)} sx={{ width: '100%' }}>
        {t('recipients.someFailed')}
      </Alert>
    </Snackbar>
  );

  if (all.length === 0)
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography color="textSecondary">{t('recipients.noContacts')}</Typography>
        <GuardedButton permission="contact.write" to="/contacts/add" variant="outlined">
          {t('recipients.addContact')}
        </GuardedButton>
      </Stack>
    );

  if (chosen === null) {
    const selected = all.filter((c) => saved.has(c.contactId));
    return (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        {selected.length === 0 ? (
          <Typography color="textSecondary">{t('recipients.none')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {selected.map((c) => (
              <Typography component="li" key={c.contactId} sx={{ overflowWrap: 'anywhere' }}>
                {c.name}
              </Typography>
            ))}
          </Box>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {/* issue 21: choosing the recipients wants contact.write */}
          <GuardedButton permission="contact.write" variant="outlined" onClick={() => setChosen(new Set(saved))}>
            {t('recipients.update')}
          </GuardedButton>
          <Button component={RouterLink} to="/contacts">
            {t('recipients.manage')}
          </Button>
        </Stack>
        {notice}
      </Stack>
    );
  }

  return (
    <Stack spacing={1.5}>
      <FormGroup>
        {all.map((c) => (
          <FormControlLabel
            key={c.contactId}
            label={c.name}
            control={
              <Checkbox checked={chosen.has(c.contactId)} onChange={(e) => toggle(c.contactId, e.target.checked)} />
            }
            sx={{ overflowWrap: 'anywhere' }}
          />
        ))}
      </FormGroup>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => setChosen(null)} disabled={saving}>
          {t('recipients.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={changes.length === 0} loading={saving}>
          {t('recipients.save')}
        </Button>
      </Stack>
      {notice}
    </Stack>
  );
}

export function VenueRecipients({ venueId }: { venueId: string }) {
  const { t } = useTranslation('contacts');
  return (
    <Box component="section" aria-label={t('recipients.label')}>
      <Recipients venueId={venueId} />
    </Box>
  );
}
