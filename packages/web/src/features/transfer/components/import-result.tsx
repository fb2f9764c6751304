import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import type { PlannedSet } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import type { ImportResult } from '../run-import';
import { TRANSFER_NS } from '../transfer-i18n';

const Paths = ({ sets }: { sets: readonly PlannedSet[] }) => (
  <Box component="ul" sx={{ m: 0, pl: 2 }}>
    {sets.map((s) => (
      <li key={s.path}>{s.path}</li>
    ))}
  </Box>
);

/** The result message shown in the dialog after an import (spec 3 §2/§4/§5). */
export function ImportResultMessage({ result, onRestore }: { result: ImportResult; onRestore: () => void }) {
  const { t } = useTranslation(TRANSFER_NS);
  const lockedLine =
    result.kind !== 'done' && result.lockedPath !== undefined ? (
      <div>{t('result.lockedSetting', { path: result.lockedPath })}</div>
    ) : null;
  if (result.kind === 'failed') {
    return (
      <Alert severity="error">
        {t(result.reason ? `result.${result.reason}` : 'result.failed')}
        {lockedLine}
      </Alert>
    );
  }
  if (result.kind === 'done') {
    const unconfirmed = result.lockUnconfirmed ? <Alert severity="warning">{t('result.lockUnconfirmed')}</Alert> : null;
    if (result.unsupported.length === 0)
      return (
        <Stack spacing={1}>
          <Alert severity="success">{t('result.succeeded')}</Alert>
          {unconfirmed}
        </Stack>
      );
    return (
      <Stack spacing={1}>
        <Alert severity="warning">
          <AlertTitle>{t('result.withErrors')}</AlertTitle>
          {result.unsupported.map((item) => (
            <div key={item}>{t('result.unsupported', { item })}</div>
          ))}
        </Alert>
        {unconfirmed}
      </Stack>
    );
  }
  const restoreText = {
    offered: null,
    restoring: t('result.restoring'),
    restored: t('result.restored'),
    failed: t('result.restoreFailed'),
  }[result.restore];
  return (
    <Stack spacing={1}>
      <Alert severity="error">
        <AlertTitle>{t('result.failed')}</AlertTitle>
        {lockedLine}
        {t('result.partial', {
          applied: result.applied.length,
          total: result.applied.length + result.notApplied.length,
        })}
        <div>{t('result.applied')}</div>
        <Paths sets={result.applied} />
        <div>{t('result.notApplied')}</div>
        <Paths sets={result.notApplied} />
      </Alert>
      {result.restore === 'offered' ? (
        <Box>
          <Button variant="contained" onClick={onRestore}>
            {t('result.restore')}
          </Button>
        </Box>
      ) : (
        <Alert role="status" severity={result.restore === 'failed' ? 'error' : 'info'}>
          {restoreText}
        </Alert>
      )}
    </Stack>
  );
}
