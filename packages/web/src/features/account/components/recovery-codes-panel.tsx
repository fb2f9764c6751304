import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTwoFactorText } from '../two-factor-i18n';
import { AuthCard } from './auth-card';

/** The recovery codes, shown once (issue 21): a list to write down or copy, and a button once they are kept. */
export function RecoveryCodesPanel(props: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTwoFactorText();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(props.codes.join('\n')).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <AuthCard title={t('recovery.title')}>
      <Typography color="textSecondary">{t('recovery.text')}</Typography>
      <Box
        component="ul"
        aria-label={t('recovery.listLabel')}
        sx={{ m: 0, p: 2, listStyle: 'none', columns: 2, fontFamily: 'monospace', fontSize: '1.1rem' }}
      >
        {props.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button onClick={() => void copy()}>{copied ? t('recovery.copied') : t('recovery.copy')}</Button>
        <Button variant="contained" onClick={props.onDone}>
          {t('recovery.done')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
