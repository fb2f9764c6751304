/**
 * spec 2 §3 Network ethernet: MAC (read only), DHCP, IP with CIDR, gateway; on models with 802.1X its switch, and a
 * link to the 802.1X page while the amp has it on (spec 2 §2: that page exists only then).
 */
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NETWORK_NS } from '../network-i18n';
import { AddressFields } from './address-fields';
import { FormSection } from '../../../shared/ui/form-section';
import { useNetworkField } from './use-network-field';

export interface EthernetSectionProps {
  mac: string;
  /** Cloud mode, a guest, or a save running: nothing can be edited. */
  disabled: boolean;
  /** The model has 802.1X. */
  dot1x: boolean;
  /** 802.1X is on at the amp (not just in the form). */
  dot1xOnAmp: boolean;
}

export function EthernetSection({ mac, disabled, dot1x, dot1xOnAmp }: EthernetSectionProps) {
  const { t } = useTranslation(NETWORK_NS);
  const { field: dot1xField } = useNetworkField('ethDot1xEnable');
  return (
    <FormSection title={t('ethernet.title')}>
      {mac ? (
        <Typography variant="body2" color="textSecondary">
          {t('ethernet.mac', { mac })}
        </Typography>
      ) : null}
      <AddressFields dhcp="ethDhcp" ip="ethIp" gateway="ethGateway" disabled={disabled} />
      {dot1x ? (
        <FormControlLabel
          label={t('ethernet.dot1x')}
          control={
            <Switch
              checked={dot1xField.value}
              disabled={disabled}
              onChange={(e) => dot1xField.onChange(e.target.checked)}
            />
          }
        />
      ) : null}
      {dot1x && dot1xOnAmp ? (
        <Link component={RouterLink} to="../dot1x" variant="body2">
          {t('ethernet.dot1xSettings')}
        </Link>
      ) : null}
    </FormSection>
  );
}
