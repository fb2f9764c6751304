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
import type { FormBinding } from './form-binding';
import { FormSection } from '../../../shared/ui/form-section';

export interface EthernetSectionProps {
  form: FormBinding;
  mac: string;
  /** The model has 802.1X. */
  dot1x: boolean;
  /** 802.1X is on at the amp (not just in the form). */
  dot1xOnAmp: boolean;
}

export function EthernetSection({ form, mac, dot1x, dot1xOnAmp }: EthernetSectionProps) {
  const { t } = useTranslation(NETWORK_NS);
  return (
    <FormSection title={t('ethernet.title')}>
      {mac ? (
        <Typography variant="body2" color="textSecondary">
          {t('ethernet.mac', { mac })}
        </Typography>
      ) : null}
      <AddressFields form={form} dhcp="ethDhcp" ip="ethIp" gateway="ethGateway" />
      {dot1x ? (
        <FormControlLabel
          label={t('ethernet.dot1x')}
          control={
            <Switch
              checked={form.values.ethDot1xEnable}
              disabled={form.disabled}
              onChange={(e) => form.set('ethDot1xEnable', e.target.checked)}
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
