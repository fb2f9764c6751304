/** DHCP, IP address (with an optional CIDR subnet, spec 2 §5) and gateway of one interface. */
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { NETWORK_NS } from '../network-i18n';
import type { FormBinding } from './form-binding';

export interface AddressFieldsProps {
  form: FormBinding;
  dhcp: 'ethDhcp' | 'wifiDhcp';
  ip: 'ethIp' | 'wifiIp';
  gateway: 'ethGateway' | 'wifiGateway';
}

export function AddressFields({ form, dhcp, ip, gateway }: AddressFieldsProps) {
  const { t } = useTranslation(NETWORK_NS);
  const { values } = form;
  // the amp takes its address from DHCP: the fields show it and cannot be edited
  const fixed = form.disabled || values[dhcp];
  const ipError = form.errorOf(ip);
  const gatewayError = form.errorOf(gateway);
  return (
    <>
      <FormControlLabel
        label={t('fields.dhcp')}
        control={
          <Switch checked={values[dhcp]} disabled={form.disabled} onChange={(e) => form.set(dhcp, e.target.checked)} />
        }
      />
      <TextField
        size="small"
        label={t('fields.ip')}
        value={values[ip]}
        disabled={fixed}
        error={ipError !== undefined}
        helperText={ipError ?? t('fields.ipHelper')}
        slotProps={{ htmlInput: { maxLength: 18, spellCheck: false } }}
        onChange={(e) => form.set(ip, e.target.value)}
        onBlur={() => form.blur(ip)}
      />
      <TextField
        size="small"
        label={t('fields.gateway')}
        value={values[gateway]}
        disabled={fixed}
        error={gatewayError !== undefined}
        helperText={gatewayError ?? t('fields.gatewayHelper')}
        slotProps={{ htmlInput: { maxLength: 15, spellCheck: false } }}
        onChange={(e) => form.set(gateway, e.target.value)}
        onBlur={() => form.blur(gateway)}
      />
    </>
  );
}
