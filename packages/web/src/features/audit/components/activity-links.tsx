import { IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ActivityIcon } from '../../../shared/ui/cloud-icons';
import { AUDIT_NS } from '../audit-i18n';

/** The cloud amp detail header's link to the amp's timeline (`ampPath`: /venues/{venueId}/amps/{ampId}). */
export function AmpActivityLink({ ampPath }: { ampPath: string }) {
  const { t } = useTranslation(AUDIT_NS);
  return (
    <Tooltip title={t('open')}>
      <IconButton component={RouterLink} to={`${ampPath}/activity`} aria-label={t('open')}>
        <ActivityIcon />
      </IconButton>
    </Tooltip>
  );
}
