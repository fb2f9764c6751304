/** spec 2 §2 Power supply page: readings, statuses, source and PoE, auto-standby and line limits. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DeviceDelta } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { POWER_NS } from '../power-i18n';
import { AutoStandbySection } from './auto-standby-section';
import type { ControlContext } from './controls';
import { LineLimitsSection } from './line-limits-section';
import { PowerReadouts } from './power-readouts';

type Amp = NonNullable<DeviceDelta['amp']>;

export interface PowerPageProps {
  powerSupply: Amp['powerSupply'];
  autoStandby: Amp['autoStandby'];
  ctx: ControlContext;
  /** A guest on a protected amp (says why nothing can be changed). */
  guest: boolean;
}

export function PowerPage({ powerSupply, autoStandby, ctx, guest }: PowerPageProps) {
  const { t } = useTranslation(POWER_NS);
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {t('title')}
      </Typography>
      {guest ? <Alert severity="info">{t('readOnly.guest')}</Alert> : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(auto-fill, minmax(300px, 1fr))' },
          alignItems: 'start',
        }}
      >
        <PowerReadouts powerSupply={powerSupply} />
        <AutoStandbySection autoStandby={autoStandby} ctx={ctx} />
        <LineLimitsSection powerSupply={powerSupply} ctx={ctx} />
      </Box>
    </Box>
  );
}
