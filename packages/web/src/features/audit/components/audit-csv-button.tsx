import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionSync } from '../../../shared/cloud/session-sync-context';
import type { AuditFilters, AuditScope } from '../api/audit-api';
import { csvFileName, fetchAuditCsv, saveCsv } from '../audit-csv';
import { AUDIT_NS } from '../audit-i18n';

/**
 * Export CSV: every event of the timeline that matches its filters, as `rackside-audit-{what}-{date}.csv`; a spinner
 * while it downloads, the reason when it fails.
 */
export function AuditCsvButton({
  scope,
  filters,
  what,
  disabled = false,
}: {
  scope: AuditScope;
  filters: AuditFilters;
  /** The file name's part naming the timeline ("main-hall", "organisation"). */
  what: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation(AUDIT_NS);
  const sync = useSessionSync();
  const [state, setState] = useState<'idle' | 'busy' | 'failed' | 'notFound'>('idle');
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const handleExport = async () => {
    if (state === 'busy') return;
    const controller = (abort.current = new AbortController());
    setState('busy');
    const reply = await fetchAuditCsv(sync, scope, filters, controller.signal);
    if (controller.signal.aborted) return;
    if ('error' in reply) return setState(reply.error.error === 'NotFound' ? 'notFound' : 'failed');
    saveCsv(reply.csv, csvFileName(what, new Date()));
    setState('idle');
  };
  const busy = state === 'busy';
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-end' }}>
      <Button
        variant="outlined"
        size="small"
        onClick={() => void handleExport()}
        disabled={disabled}
        // busy, it keeps the keyboard focus (a disabled button would drop it) and ignores clicks
        aria-disabled={busy || undefined}
        aria-busy={busy}
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : null}
      >
        {busy ? t('export.busy') : t('export.button')}
      </Button>
      {state === 'failed' || state === 'notFound' ? (
        <Alert severity="error" role="alert" onClose={() => setState('idle')}>
          {state === 'notFound' ? t('notFound') : t('export.failed')}
        </Alert>
      ) : null}
    </Stack>
  );
}
