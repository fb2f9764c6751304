import { Alert, Box, Button, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import type { PasskeyInfo } from '@rackside/protocol';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { usePasskeysQuery, useRemovePasskeyMutation } from '../api/passkeys-api';
import { passkeyErrorKey, usePasskeysText } from '../passkeys-i18n';
import { PasskeyAddDialog } from './passkey-add-dialog';
import { PasskeyRenameDialog } from './passkey-rename-dialog';

/** The list's failure: the cloud unreachable, or anything else (a NotFound here is no removed passkey). */
const listErrorKey = (error: unknown) => {
  const key = passkeyErrorKey(error);
  return key === 'errors.Network' || key === 'errors.TooManyRequests' ? key : 'errors.Unknown';
};

/**
 * The Passkeys section of /profile/two-factor (issue 21): the account's passkeys with when each was added and last
 * used; add one (a name, then the browser's ceremony), rename one, remove one after a confirmation.
 */
export function PasskeysSection() {
  const { t, i18n } = usePasskeysText();
  const passkeys = usePasskeysQuery();
  const [remove, removing] = useRemovePasskeyMutation();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PasskeyInfo | null>(null);
  const [removingKey, setRemovingKey] = useState<PasskeyInfo | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<ReturnType<typeof passkeyErrorKey> | null>(null);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const handleRemove = async (passkey: PasskeyInfo) => {
    const result = await remove(passkey.id);
    setError(result.error ? passkeyErrorKey(result.error) : null);
    setNotice(null);
    setRemovingKey(null);
    void passkeys.refetch();
  };

  const list = passkeys.data?.passkeys ?? [];
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, pb: 2 }}>
      <Paper component="section" aria-labelledby="passkeys-title" sx={{ p: 3, width: '100%', maxWidth: 440 }}>
        <Stack spacing={2}>
          <Typography id="passkeys-title" variant="h6" component="h2">
            {t('section.title')}
          </Typography>
          <Typography color="textSecondary">{t('section.text')}</Typography>
          {passkeys.isLoading ? <Typography>{t('section.loading')}</Typography> : null}
          {passkeys.isError ? <Alert severity="error">{t(listErrorKey(passkeys.error))}</Alert> : null}
          {passkeys.data && list.length === 0 ? <Typography>{t('section.none')}</Typography> : null}
          {notice !== null ? <Alert severity="success">{notice}</Alert> : null}
          {error ? <Alert severity="error">{t(error)}</Alert> : null}
          {list.length > 0 ? (
            <List aria-label={t('section.listLabel')} disablePadding>
              {list.map((p) => (
                <ListItem key={p.id} divider disableGutters sx={{ flexWrap: 'wrap' }}>
                  <ListItemText
                    primary={p.name}
                    secondary={
                      <>
                        {t('section.added', { date: date(p.createdAt) })}
                        <br />
                        {p.lastUsedAt === null
                          ? t('section.neverUsed')
                          : t('section.lastUsed', { date: date(p.lastUsedAt) })}
                      </>
                    }
                  />
                  <Stack direction="row" spacing={1}>
                    <Button
                      size="small"
                      aria-label={t('section.renameLabel', { name: p.name })}
                      onClick={() => setRenaming(p)}
                    >
                      {t('section.rename')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      aria-label={t('section.removeLabel', { name: p.name })}
                      onClick={() => setRemovingKey(p)}
                    >
                      {t('section.remove')}
                    </Button>
                  </Stack>
                </ListItem>
              ))}
            </List>
          ) : null}
          <Button variant="outlined" onClick={() => setAdding(true)}>
            {t('section.add')}
          </Button>
        </Stack>
      </Paper>
      {adding ? (
        <PasskeyAddDialog
          open
          onClose={() => setAdding(false)}
          onAdded={(passkey) => {
            setAdding(false);
            setError(null);
            setNotice(t('add.added', { name: passkey.name }));
            void passkeys.refetch();
          }}
        />
      ) : null}
      {renaming ? (
        <PasskeyRenameDialog
          passkey={renaming}
          onClose={() => setRenaming(null)}
          onDone={() => {
            setRenaming(null);
            void passkeys.refetch();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removingKey !== null}
        title={t('remove.title')}
        text={t('remove.text', { name: removingKey?.name ?? '' })}
        cancelLabel={t('remove.cancel')}
        confirmLabel={t('remove.confirm')}
        busy={removing.isLoading}
        onConfirm={() => {
          if (removingKey) void handleRemove(removingKey);
        }}
        onClose={() => setRemovingKey(null)}
      />
    </Box>
  );
}
