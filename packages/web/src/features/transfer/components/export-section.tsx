import { Alert, Button, Stack, Typography } from '@mui/material';
import { ALL_TICKS, exportSettings, type DeviceState, type ModelInfo } from '@rackside/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSFER_NS } from '../transfer-i18n';
import { TickList } from './tick-list';

/** spec 3 §4/§9: export generation waits 250 ms, then builds a downloadable JSON. */
export const EXPORT_DELAY_MS = 250;

type ExportState = { kind: 'idle' } | { kind: 'preparing' } | { kind: 'ready'; href: string } | { kind: 'failed' };

/** The export half of the dialog: ticks, Export, then a download link `{deviceName}-settings.json` (a Blob URL). */
export function ExportSection(props: { deviceName: string; state: DeviceState; model: ModelInfo }) {
  const { t } = useTranslation(TRANSFER_NS);
  const [ticks, setTicks] = useState(ALL_TICKS);
  const [status, setStatus] = useState<ExportState>({ kind: 'idle' });
  const latest = useRef(props);
  latest.current = props;
  const fileName = `${props.deviceName}-settings.json`;

  // a Blob URL lives until the next export or the dialog closes
  const href = status.kind === 'ready' ? status.href : undefined;
  useEffect(() => (href ? () => URL.revokeObjectURL(href) : undefined), [href]);

  useEffect(() => {
    if (status.kind !== 'preparing') return;
    const timer = setTimeout(() => {
      try {
        const file = exportSettings(latest.current.state, latest.current.model, ticks);
        const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
        setStatus({ kind: 'ready', href: URL.createObjectURL(blob) });
      } catch {
        setStatus({ kind: 'failed' });
      }
    }, EXPORT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status.kind, ticks]);

  const changeTicks = (next: typeof ticks) => {
    setTicks(next);
    setStatus({ kind: 'idle' });
  };
  return (
    <Stack component="section" aria-labelledby="transfer-export-heading" spacing={1}>
      <Typography id="transfer-export-heading" variant="h6" component="h3">
        {t('export.heading')}
      </Typography>
      <TickList ticks={ticks} onChange={changeTicks} label={t('export.heading')} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button
          variant="outlined"
          disabled={status.kind === 'preparing'}
          onClick={() => setStatus({ kind: 'preparing' })}
        >
          {t('export.button')}
        </Button>
        {status.kind === 'preparing' ? <Typography role="status">{t('export.preparing')}</Typography> : null}
        {status.kind === 'ready' ? (
          <Button variant="contained" component="a" href={status.href} download={fileName}>
            {t('export.download', { name: fileName })}
          </Button>
        ) : null}
      </Stack>
      {status.kind === 'failed' ? <Alert severity="error">{t('export.failed')}</Alert> : null}
    </Stack>
  );
}
