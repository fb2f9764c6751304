/** spec 2 §3 Network wifi: enable, SSID, password, DHCP, IP, gateway; signal and MAC read only (spec 2 §5 hint). */
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NETWORK_NS } from '../network-i18n';
import { AddressFields } from './address-fields';
import type { FormBinding } from './form-binding';
import { FormSection } from '../../../shared/ui/form-section';
import { PasswordField } from './password-field';

export function WifiSection({ form, mac, signal }: { form: FormBinding; mac: string; signal: number }) {
  const { t } = useTranslation(NETWORK_NS);
  const { values } = form;
  return (
    <FormSection title={t('wifi.title')}>
      <Typography variant="body2" color="textSecondary">
        {t('wifi.hint')}
      </Typography>
      <FormControlLabel
        label={t('wifi.enable')}
        control={
          <Switch
            checked={values.wifiEnable}
            disabled={form.disabled}
            onChange={(e) => form.set('wifiEnable', e.target.checked)}
          />
        }
      />
      <TextField
        size="small"
        label={t('wifi.ssid')}
        value={values.wifiSsid}
        disabled={form.disabled}
        slotProps={{ htmlInput: { maxLength: 32, spellCheck: false } }}
        onChange={(e) => form.set('wifiSsid', e.target.value)}
      />
      <PasswordField
        label={t('wifi.password')}
        value={values.wifiPassword}
        disabled={form.disabled}
        onChange={(v) => form.set('wifiPassword', v)}
      />
      <AddressFields form={form} dhcp="wifiDhcp" ip="wifiIp" gateway="wifiGateway" />
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
