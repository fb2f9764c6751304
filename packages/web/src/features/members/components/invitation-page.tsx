import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { Organisation } from '@rackside/protocol';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useMembersText } from '../../../shared/cloud/org-i18n';
import { organisationLabel } from '../../../shared/cloud/org-label';
import { useChooseOrganisation } from '../../../shared/cloud/use-organisation';
import { useAcceptInvitationMutation } from '../api/members-api';
import { membersErrorKey } from '../members-errors';

type Step = { kind: 'accepting' } | { kind: 'joined'; organisation: Organisation } | { kind: 'failed'; text: string };

/**
 * /invitation?token=… (issue 21), the page an invitation e-mail links to. Signed-out visitors sign in (or register)
 * first and come back here (the sign-in page's remembered origin); then the invitation is accepted once and the
 * console switches to the organisation joined. An invitation used, withdrawn, expired or sent to another address
 * says so.
 */
export function InvitationPage() {
  const { t } = useMembersText();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [accept] = useAcceptInvitationMutation();
  const choose = useChooseOrganisation();
  const [step, setStep] = useState<Step>(
    token === '' ? { kind: 'failed', text: t('invitation.missing') } : { kind: 'accepting' },
  );
  const sent = useRef<string | null>(null);

  const run = async () => {
    setStep({ kind: 'accepting' });
    const result = await accept({ token });
    if (result.error) {
      setStep({ kind: 'failed', text: t(membersErrorKey(result.error)) });
      return;
    }
    choose(result.data);
    setStep({ kind: 'joined', organisation: result.data });
  };
  useEffect(() => {
    // once per token, also when the effect runs twice (StrictMode): a token works only once
    if (token === '' || sent.current === token) return;
    sent.current = token;
    void run();
  }, [token]);

  return (
    <Box sx={{ p: 2, maxWidth: 560, mx: 'auto', width: '100%' }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('invitation.title')}
        </Typography>
        {step.kind === 'accepting' ? (
          <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden />
            <Typography>{t('invitation.accepting')}</Typography>
          </Stack>
        ) : null}
        {step.kind === 'joined' ? (
          <>
            <Alert severity="success" role="status">
              {t('invitation.joined', {
                organisation: organisationLabel(t, step.organisation),
                role: t(`roles.${step.organisation.role}`),
              })}
            </Alert>
            <Button component={RouterLink} to="/venues" variant="contained" sx={{ alignSelf: 'flex-start' }}>
              {t('invitation.open')}
            </Button>
          </>
        ) : null}
        {step.kind === 'failed' ? (
          <>
            <Alert severity="error" role="alert">
              {step.text}
            </Alert>
            <Button component={RouterLink} to="/venues" sx={{ alignSelf: 'flex-start' }}>
              {t('invitation.open')}
            </Button>
          </>
        ) : null}
      </Stack>
    </Box>
  );
}
