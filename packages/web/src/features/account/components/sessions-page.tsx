import { Alert, Button, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import type { SessionInfo } from '@rackside/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRevokeOtherSessionsMutation, useRevokeSessionMutation, useSessionsQuery } from '../api/two-factor-api';
import { twoFactorErrorKey, useTwoFactorText } from '../two-factor-i18n';
import { AuthCard } from './auth-card';

/** "Chrome 131 on Windows", as far as the user agent tells. */
function useDeviceName(): (session: SessionInfo) => string {
  const { t } = useTwoFactorText();
  return (s) => {
    const browser = s.browser === '' ? t('sessions.unknownBrowser') : s.browser;
    return s.os === '' ? browser : t('sessions.device', { browser, os: s.os });
  };
}

/**
 * /profile/sessions (issue 21): the account's signed-in browsers and devices (browser, address, when signed in, last
 * seen, this device), signing one out, or every one but this.
 */
export function SessionsPage() {
  const { t } = useTwoFactorText();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const sessions = useSessionsQuery();
  const [revoke] = useRevokeSessionMutation();
  const [revokeOthers, othersState] = useRevokeOtherSessionsMutation();
  const [error, setError] = useState<ReturnType<typeof twoFactorErrorKey> | null>(null);
  const [notice, setNotice] = useState<number | null>(null);
  const deviceName = useDeviceName();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const handleRevoke = async (id: string) => {
    const result = await revoke(id);
    setError(result.error ? twoFactorErrorKey(result.error) : null);
    setNotice(null);
    void sessions.refetch();
  };
  const handleRevokeOthers = async () => {
    const result = await revokeOthers();
    setError(result.error ? twoFactorErrorKey(result.error) : null);
    setNotice(result.data ? result.data.revoked : null);
    void sessions.refetch();
  };

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current);
  return (
    <AuthCard title={t('sessions.title')}>
      <Typography color="textSecondary">{t('sessions.text')}</Typography>
      {sessions.isLoading ? <Typography>{t('sessions.loading')}</Typography> : null}
      {sessions.isError ? <Alert severity="error">{t(twoFactorErrorKey(sessions.error))}</Alert> : null}
      {error ? <Alert severity="error">{t(error)}</Alert> : null}
      {notice !== null ? <Alert severity="success">{t('sessions.revokedOthers', { count: notice })}</Alert> : null}
      <List aria-label={t('sessions.title')} disablePadding>
        {list.map((s) => (
          <ListItem
            key={s.id}
            divider
            disableGutters
            secondaryAction={
              s.current ? (
                <Chip label={t('sessions.thisDevice')} color="primary" size="small" />
              ) : (
                <Button
                  size="small"
                  aria-label={t('sessions.revokeLabel', { device: deviceName(s) })}
                  onClick={() => void handleRevoke(s.id)}
                >
                  {t('sessions.revoke')}
                </Button>
              )
            }
          >
            <ListItemText
              primary={deviceName(s)}
              secondary={
                <>
                  {s.address === '' ? null : <span>{t('sessions.address', { address: s.address })}</span>}
                  <br />
                  <span>{t('sessions.created', { date: date(s.createdAt) })}</span>
                  <br />
                  <span>{t('sessions.lastSeen', { date: date(s.lastSeenAt) })}</span>
                </>
              }
              sx={{ pr: 12 }}
            />
          </ListItem>
        ))}
      </List>
      {sessions.data && others.length === 0 ? <Typography>{t('sessions.none')}</Typography> : null}
      <Stack spacing={1}>
        {others.length > 0 ? (
          <Button variant="outlined" onClick={() => void handleRevokeOthers()} loading={othersState.isLoading}>
            {t('sessions.revokeOthers')}
          </Button>
        ) : null}
        <Button onClick={() => void navigate('/profile')}>{t('sessions.back')}</Button>
      </Stack>
    </AuthCard>
  );
}
