/** DHCP, IP address (with an optional CIDR subnet, spec 2 §5) and gateway of one interface. */
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { NETWORK_NS } from '../network-i18n';
import { textProps, useNetworkField } from './use-network-field';

export interface AddressFieldsProps {
  dhcp: 'ethDhcp' | 'wifiDhcp';
  ip: 'ethIp' | 'wifiIp';
  gateway: 'ethGateway' | 'wifiGateway';
  disabled: boolean;
}

export function AddressFields({ dhcp, ip, gateway, disabled }: AddressFieldsProps) {
  const { t } = useTranslation(NETWORK_NS);
  const dhcpField = useNetworkField(dhcp).field;
  const ipField = useNetworkField(ip);
  const gatewayField = useNetworkField(gateway);
  // the amp takes its address from DHCP: the fields show it and cannot be edited
  const fixed = disabled || dhcpField.value;
  return (
    <>
      <FormControlLabel
        label={t('fields.dhcp')}
        control={
          <Switch
            checked={dhcpField.value}
            disabled={disabled}
            onChange={(e) => dhcpField.onChange(e.target.checked)}
          />
        }
      />
      <TextField
        size="small"
        label={t('fields.ip')}
        {...textProps(ipField.field)}
        disabled={fixed}
        error={ipField.error !== undefined}
        helperText={ipField.error ?? t('fields.ipHelper')}
        slotProps={{ htmlInput: { maxLength: 18, spellCheck: false } }}
      />
      <TextField
        size="small"
        label={t('fields.gateway')}
        {...textProps(gatewayField.field)}
        disabled={fixed}
        error={gatewayField.error !== undefined}
        helperText={gatewayField.error ?? t('fields.gatewayHelper')}
        slotProps={{ htmlInput: { maxLength: 15, spellCheck: false } }}
      />
    </>
  );
}
