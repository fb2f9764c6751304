/**
 * spec 2 §2/§4 Network page: the edited values are compared with the amp's; Reset and Save appear only when something
 * changed; Save writes ethernet, Wi-Fi and AP config together, or nothing when a field is invalid (spec 2 §5).
 * Untouched fields follow the amp live. Disabled in cloud mode (spec 2 §6) and for guests.
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AP_PASSWORD_MIN_LENGTH, type DeviceDelta } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import {
  changedFields,
  networkErrors,
  networkPayloads,
  valuesFromDevice,
  type NetworkCaps,
  type NetworkEdits,
  type NetworkField,
  type NetworkPayloads,
} from '../network-form';
import { NETWORK_NS } from '../network-i18n';
import { ApSection } from './ap-section';
import { EthernetSection } from './ethernet-section';
import type { FormBinding } from './form-binding';
import { WifiSection } from './wifi-section';

export interface NetworkPageProps {
  network: DeviceDelta['network'];
  /** spec 2 §5: models whose names end in N_G or D_G have no Wi-Fi section; 802.1X by model. */
  caps: NetworkCaps;
  canWrite: boolean;
  cloud: boolean;
  /** A guest on a protected amp (says why nothing can be changed). */
  guest: boolean;
  /** Writes the payloads; resolves true when the amp took all of them. */
  onSave: (payloads: NetworkPayloads) => Promise<boolean>;
}

export function NetworkPage({ network, caps, canWrite, cloud, guest, onSave }: NetworkPageProps) {
  const { t } = useTranslation(NETWORK_NS);
  const [edits, setEdits] = useState<NetworkEdits>({});
  const [blurred, setBlurred] = useState<ReadonlySet<NetworkField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);

  const device = useMemo(() => valuesFromDevice(network), [network]);
  const values = useMemo(() => ({ ...device, ...edits }), [device, edits]);
  const changed = changedFields(device, edits).length > 0;
  const errors = networkErrors(device, values, caps.wifi);
  const hasErrors = Object.keys(errors).length > 0;

  const form: FormBinding = {
    values,
    disabled: cloud || !canWrite || saving,
    set: (field, value) => setEdits((e) => ({ ...e, [field]: value })),
    blur: (field) => setBlurred((b) => new Set(b).add(field)),
    errorOf: (field) => {
      const error = errors[field];
      if (!error || !(attempted || blurred.has(field))) return undefined;
      return error === 'apPassword' ? t('errors.apPassword', { min: AP_PASSWORD_MIN_LENGTH }) : t(`errors.${error}`);
    },
  };

  const reset = () => {
    setEdits({});
    setBlurred(new Set());
    setAttempted(false);
  };
  const save = async () => {
    if (hasErrors) return setAttempted(true);
    setSaving(true);
    const ok = await onSave(networkPayloads(values, network, caps));
    setSaving(false);
    if (ok) reset();
  };

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {t('title')}
      </Typography>
      {cloud ? <Alert severity="info">{t('readOnly.cloud')}</Alert> : null}
      {!cloud && guest ? <Alert severity="info">{t('readOnly.guest')}</Alert> : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(auto-fill, minmax(300px, 1fr))' },
          alignItems: 'start',
        }}
      >
        <EthernetSection
          form={form}
          mac={network?.ethernet?.mac ?? ''}
          dot1x={caps.dot1x}
          dot1xOnAmp={network?.ethernet?.dot1xEnable === true}
        />
        {caps.wifi ? (
          <WifiSection form={form} mac={network?.wifi?.mac ?? ''} signal={network?.wifi?.signalStrength ?? 0} />
        ) : null}
        <ApSection form={form} />
      </Box>
      {changed && !cloud ? (
        <Paper variant="outlined" sx={{ position: 'sticky', bottom: 0, p: 1.5, zIndex: 1 }}>
          {attempted && hasErrors ? (
            <Alert severity="error" sx={{ mb: 1.5 }}>
              {t('errors.notSaved')}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={reset} disabled={saving}>
              {t('actions.reset')}
            </Button>
            <Button variant="contained" onClick={() => void save()} disabled={saving || !canWrite} loading={saving}>
              {t('actions.save')}
            </Button>
          </Stack>
        </Paper>
      ) : null}
    </Box>
  );
}
