import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { Grant } from '@rackside/protocol';
import { useState } from 'react';
import { useMembersText } from '../../../shared/cloud/org-i18n';
import { useGetGrantsQuery, useGetOrgVenuesQuery, useRevokeGrantMutation } from '../api/members-api';
import { grantsErrorKey } from '../grants-errors';
import { useGrantsText } from '../grants-i18n';
import { GrantForm } from './grant-form';

type Feedback = { severity: 'success' | 'error'; text: string } | null;

/**
 * The Integrators section of the Members page (issue 21, owner only): the live grants with their role, venues and end,
 * Revoke after a confirmation (the integrator's open remote sessions close at once), and the form to give access.
 */
export function GrantsSection() {
  const { t } = useGrantsText();
  const { t: tm } = useMembersText();
  const grants = useGetGrantsQuery();
  const venues = useGetOrgVenuesQuery();
  const [revokeGrant, revoking] = useRevokeGrantMutation();
  const [toRevoke, setToRevoke] = useState<Grant | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const venueNames = (ids: readonly string[]) =>
    ids.map((id) => venues.data?.find((v) => v.venueId === id)?.name ?? id).join(', ');
  const nameOf = (grant: Grant) => `${grant.integratorName} (${grant.integratorEmail})`;

  const confirmRevoke = async () => {
    if (!toRevoke) return;
    const result = await revokeGrant({ grantId: toRevoke.grantId });
    setFeedback(
      result.error
        ? { severity: 'error', text: t(grantsErrorKey(result.error)) }
        : { severity: 'success', text: t('grants.revoked', { name: nameOf(toRevoke) }) },
    );
    setToRevoke(null);
  };

  return (
    <section aria-labelledby="grants-title">
      <Stack spacing={1.5}>
        <Typography id="grants-title" variant="h6" component="h2">
          {t('grants.title')}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {t('grants.intro')}
        </Typography>
        {feedback ? (
          <Alert
            severity={feedback.severity}
            role={feedback.severity === 'error' ? 'alert' : 'status'}
            onClose={() => setFeedback(null)}
          >
            {feedback.text}
          </Alert>
        ) : null}
        {grants.isError ? (
          <Alert severity="error">{t('grants.loadFailed')}</Alert>
        ) : grants.data && grants.data.length > 0 ? (
          <List aria-label={t('grants.list')} disablePadding>
            {grants.data.map((grant) => (
              <ListItem key={grant.grantId} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  primary={nameOf(grant)}
                  secondary={t('grants.item', {
                    role: tm(`roles.${grant.role}`),
                    venues: venueNames(grant.venueIds),
                    date: new Date(grant.expiresAt).toLocaleDateString(),
                  })}
                />
                <Button color="error" onClick={() => setToRevoke(grant)}>
                  {t('grants.revoke', { name: nameOf(grant) })}
                </Button>
              </ListItem>
            ))}
          </List>
        ) : grants.data ? (
          <Typography color="textSecondary">{t('grants.none')}</Typography>
        ) : null}
        <GrantForm
          venues={venues.data ?? []}
          onGranted={(name, date) => setFeedback({ severity: 'success', text: t('grants.granted', { name, date }) })}
        />
      </Stack>
      <Dialog open={toRevoke !== null} onClose={() => setToRevoke(null)} aria-labelledby="revoke-grant-title">
        <DialogTitle id="revoke-grant-title">
          {t('revokeDialog.title', { name: toRevoke ? nameOf(toRevoke) : '' })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{t('revokeDialog.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToRevoke(null)}>{t('revokeDialog.cancel')}</Button>
          <Button color="error" variant="contained" loading={revoking.isLoading} onClick={() => void confirmRevoke()}>
            {t('revokeDialog.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
