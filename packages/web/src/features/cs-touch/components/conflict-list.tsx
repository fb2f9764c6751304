/**
 * Issue 19 "beyond the vendor's tool": the always-visible check under the group detail: what in the configuration
 * would make the panel misbehave (model/conflicts.ts), in plain words, before the user saves. Nothing shows when the
 * configuration is sound.
 */
import { Alert, AlertTitle, Box } from '@mui/material';
import { useMemo } from 'react';
import { useCurrentPanel } from '../hooks/current-panel';
import { findConflicts } from '../model/conflicts';
import { useTouchText } from '../touch-i18n';
import { useConflictText } from './conflict-text';

export function ConflictList() {
  const { t } = useTouchText();
  const describe = useConflictText();
  const { config, amps } = useCurrentPanel();
  const conflicts = useMemo(() => (config ? findConflicts(config, amps) : []), [config, amps]);
  if (conflicts.length === 0) return null;
  const messages = [...new Set(conflicts.map(describe))];
  return (
    <Alert severity="warning" role="status" aria-label={t('conflicts.title')}>
      <AlertTitle>{t('conflicts.title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </Box>
    </Alert>
  );
}
