/**
 * spec 2 §2 Events and Faults pages: the amp's log lines (newest first), Clear (after a confirmation, on the amp
 * itself) and an Email link with the log as the body. Guests may read and send, not clear (spec 2 §6). Times show in
 * the user's language and time zone, the amp's UTC on hover; the email keeps the amp's lines as written (issue 18).
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAmpState, useAmpSummary, useDeviceWrite } from '../../../device';
import { useClearLogs, type ClearClientFactory } from '../clear-logs';
import { logLines, logTimeFormat, mailtoHref, type LogKind } from '../log-text';
import { LOGS_NS } from '../logs-i18n';
import { ClearLogsDialog } from './clear-logs-dialog';
import { LogLine } from './log-line';

export interface LogPageProps {
  ampId: string;
  log: LogKind;
  /** How the clear reaches the amp (tests pass a fake). */
  createClient?: ClearClientFactory | undefined;
}

export function LogPage({ ampId, log, createClient }: LogPageProps) {
  const { t, i18n } = useTranslation([LOGS_NS, 'amp-detail']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const timeFormat = useMemo(() => logTimeFormat(language), [language]);
  const text = useAmpState(ampId, (s) => s?.logs?.[log]);
  const lines = useMemo(() => logLines(text), [text]);
  const summary = useAmpSummary(ampId);
  const name = summary?.deviceName || ampId;
  const { canWrite } = useDeviceWrite(ampId);
  const clear = useClearLogs(ampId, createClient);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await clear();
    } catch {
      setFailed(true);
    }
    setBusy(false);
    setConfirming(false);
  };
  const subject = t(`${log}.mailSubject`, { name, address: summary?.ipAddress || ampId });
  return (
    <Stack spacing={2} sx={{ p: { xs: 1.5, sm: 2 }, maxWidth: 1100, width: '100%', mx: 'auto', minHeight: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t(`amp-detail:pages.${log}`)}
        </Typography>
        <Button variant="outlined" component="a" href={mailtoHref(subject, lines)}>
          {t('email')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          disabled={!canWrite || lines.length === 0}
          onClick={() => setConfirming(true)}
        >
          {t('clear')}
        </Button>
      </Stack>
      {canWrite ? null : <Typography color="textSecondary">{t('guest')}</Typography>}
      {failed ? <Alert severity="error">{t('failed')}</Alert> : null}
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 1.5 }, overflow: 'auto' }}>
        {lines.length === 0 ? (
          <Typography color="textSecondary">{t(`${log}.empty`)}</Typography>
        ) : (
          <>
            <Typography variant="caption" color="textSecondary">
              {t('order')}
            </Typography>
            <Box
              component="ol"
              aria-label={t(`${log}.label`)}
              sx={{ m: 0, p: 0, listStyle: 'none', fontFamily: 'monospace', fontSize: '0.8125rem' }}
            >
              {lines.map((line, i) => (
                <LogLine key={`${lines.length - i}`} line={line} format={timeFormat} />
              ))}
            </Box>
          </>
        )}
      </Paper>
      <ClearLogsDialog
        open={confirming}
        ampName={name}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      />
    </Stack>
  );
}
