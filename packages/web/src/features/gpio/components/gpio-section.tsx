/**
 * spec 2 §2/§3 GPIO per port on models that have it. A port in manual override disables both input modes on the
 * Inputs tab (the channels feature applies that rule); this section says so.
 */
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { infoAt, type ModelInfo } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { treeInfo } from '../../../device/fields/field-info';
import { useAmpState } from '../../../device';
import { useFieldAccess } from '../../../device/fields/use-field-access';
import { GPIO_NS } from '../gpio-i18n';
import { GpioPort } from './gpio-port';

/** The model's GPIO ports ('1', '2', ...), none for a model without GPIO. */
export function gpioPorts(model: ModelInfo): string[] {
  const tree = infoAt(model, '/GPIO');
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.keys(tree).sort((a, b) => Number(a) - Number(b));
}

export function GpioSection({ ampId, model }: { ampId: string; model: ModelInfo }) {
  const { t } = useTranslation(GPIO_NS);
  const info = useMemo(() => treeInfo(model), [model]);
  const ports = useMemo(() => gpioPorts(model), [model]);
  const access = useFieldAccess(ampId);
  const override = useAmpState(ampId, (s) =>
    Object.values(s?.GPIO ?? {}).some((p) => p?.mode === 'Input-ManualOverride'),
  );
  return (
    <Stack component="section" aria-label={t('title')} spacing={2}>
      <Typography variant="subtitle1" component="h3">
        {t('title')}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t('intro')}
      </Typography>
      {override ? <Alert severity="info">{t('manualOverride')}</Alert> : null}
      <Stack
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(280px, 1fr))' },
          gap: 2,
        }}
      >
        {ports.map((port) => (
          <GpioPort key={port} ampId={ampId} port={port} info={info} access={access} />
        ))}
      </Stack>
    </Stack>
  );
}
