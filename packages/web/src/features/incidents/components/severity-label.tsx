import { Box, SvgIcon, Typography, type SvgIconProps } from '@mui/material';
import type { SeverityLevel } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { INCIDENTS_NS } from '../incidents-i18n';

/** Critical: an octagon with a bar; Warning: a triangle with '!'; Info: a circle with 'i'. */
const PATHS: Record<SeverityLevel, string> = {
  Critical: 'M7.86 2h8.28L22 7.86v8.28L16.14 22H7.86L2 16.14V7.86L7.86 2zM11 7v6h2V7h-2zm0 8v2h2v-2h-2z',
  Warning: 'M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z',
  Info: 'M12 2a10 10 0 100 20 10 10 0 000-20zm1 15h-2v-6h2v6zm0-8h-2V7h2v2z',
};

const COLOR: Record<SeverityLevel, SvgIconProps['color']> = { Critical: 'error', Warning: 'warning', Info: 'info' };

export const SeverityIcon = ({ severity, ...p }: SvgIconProps & { severity: SeverityLevel }) => (
  <SvgIcon color={COLOR[severity]} {...p}>
    <path d={PATHS[severity]} />
  </SvgIcon>
);

/** A severity as an icon and its word: never colour alone. */
export function SeverityLabel({ severity }: { severity: SeverityLevel }) {
  const { t } = useTranslation(INCIDENTS_NS);
  return (
    <Box component="span" data-severity={severity} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <SeverityIcon severity={severity} fontSize="small" aria-hidden />
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        {t(`severity.${severity}`)}
      </Typography>
    </Box>
  );
}
