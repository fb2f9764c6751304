/** spec 2 §3 Network wifi: enable, SSID, password, DHCP, IP, gateway; signal and MAC read only (spec 2 §5 hint). */
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NETWORK_NS } from '../network-i18n';
import { AddressFields } from './address-fields';
import { FormSection } from '../../../shared/ui/form-section';
import { PasswordField } from './password-field';
import { textProps, useNetworkField } from './use-network-field';

export function WifiSection({ mac, signal, disabled }: { mac: string; signal: number; disabled: boolean }) {
  const { t } = useTranslation(NETWORK_NS);
  const enable = useNetworkField('wifiEnable').field;
  const ssid = useNetworkField('wifiSsid').field;
  const password = useNetworkField('wifiPassword').field;
  return (
    <FormSection title={t('wifi.title')}>
      <Typography variant="body2" color="textSecondary">
        {t('wifi.hint')}
      </Typography>
      <FormControlLabel
        label={t('wifi.enable')}
        control={
          <Switch checked={enable.value} disabled={disabled} onChange={(e) => enable.onChange(e.target.checked)} />
        }
      />
      <TextField
        size="small"
        label={t('wifi.ssid')}
        {...textProps(ssid)}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 32, spellCheck: false } }}
      />
      <PasswordField
        label={t('wifi.password')}
        value={password.value}
        disabled={disabled}
        onChange={password.onChange}
        onBlur={password.onBlur}
      />
      <AddressFields dhcp="wifiDhcp" ip="wifiIp" gateway="wifiGateway" disabled={disabled} />
      <Typography variant="body2" color="textSecondary">
        {signal < 0 ? t('wifi.signal', { dbm: signal }) : t('wifi.noSignal')}
      </Typography>
      {mac ? (
        <Typography variant="body2" color="textSecondary">
          {t('wifi.mac', { mac })}
        </Typography>
      ) : null}
    </FormSection>
  );
}
