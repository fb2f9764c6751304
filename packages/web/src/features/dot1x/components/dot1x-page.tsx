/**
 * spec 2 §2/§4/§5 802.1X page: mode with its slot-clearing rule, credentials, three file slots; Save (enabled when
 * something changed or a file is chosen, and the mode is Disabled or identity and password are set) opens a warning;
 * confirming uploads the chosen files, then sends the form (the password only when changed). After a save the
 * password shows as asterisks of equal length and the files clear. Reset clears the form and the files.
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  canSaveDot1x,
  DOT1X_FILE_SLOTS,
  dot1xFieldErrors,
  dot1xSavePayload,
  isUacHidden,
  isUacReadonly,
  maskedPassword,
  slotsClearedBy,
  type DeviceDelta,
  type Dot1xFileSlot,
  type Dot1xMode,
  type UacLevel,
} from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { LockedField } from '../../../shared/ui/value-slider-lock';
import { FormSection } from '../../../shared/ui/form-section';
import { dot1xChanged, dot1xValuesFromDevice, slotsOnAmp, type Dot1xEdits } from '../dot1x-form';
import { DOT1X_NS } from '../dot1x-i18n';
import type { UploadResult } from '../upload';
import { useDot1xFiles } from '../use-dot1x-files';
import { Dot1xFields } from './dot1x-fields';
import { FileSlot } from './file-slot';
import { SaveDialog } from './save-dialog';

export interface Dot1xPageProps {
  ethernet: NonNullable<DeviceDelta['network']>['ethernet'];
  canWrite: boolean;
  cloud: boolean;
  guest: boolean;
  /** spec 2 §6: the UAC level of the 802.1X fields. */
  level: UacLevel;
  upload: (slot: Dot1xFileSlot, file: File) => Promise<UploadResult>;
  /** `set /network/ethernet`; resolves true when the amp took it. */
  onSave: (params: Record<string, string>) => Promise<boolean>;
}

export function Dot1xPage({ ethernet, canWrite, cloud, guest, level, upload, onSave }: Dot1xPageProps) {
  const { t } = useTranslation(DOT1X_NS);
  const [edits, setEdits] = useState<Dot1xEdits>({});
  const [savedMask, setSavedMask] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const files = useDot1xFiles(upload);

  const device = useMemo(() => dot1xValuesFromDevice(ethernet, savedMask), [ethernet, savedMask]);
  const values = { ...device, ...edits };
  const changed = dot1xChanged(device, edits);
  const errorKeys = dot1xFieldErrors(values);
  const errors = {
    ...(errorKeys.identity ? { identity: t('errors.identity') } : {}),
    ...(errorKeys.password ? { password: t('errors.password') } : {}),
  };
  const disabled = cloud || !canWrite || saving || isUacReadonly(level);
  const canSave = !disabled && canSaveDot1x({ ...values, changed, fileSelected: files.fileSelected });
  const canReset = !saving && (changed || files.fileSelected);
  const available = DOT1X_FILE_SLOTS.filter((s) => !slotsClearedBy(values.mode).includes(s));
  const onAmp = slotsOnAmp(ethernet);

  const handleMode = (mode: Dot1xMode) => {
    if (mode === values.mode) return;
    setEdits((e) => ({ ...e, mode }));
    files.clear(slotsClearedBy(mode));
  };
  const reset = () => {
    setEdits({});
    files.clear();
  };
  const save = async () => {
    setConfirming(false);
    setSaving(true);
    const payload = dot1xSavePayload(values, device.password);
    const ok = (await files.uploadAll()) && (await onSave(payload));
    setSaving(false);
    if (!ok) return;
    if (payload.dot1xPassword !== undefined) setSavedMask(maskedPassword(payload.dot1xPassword));
    setEdits({});
    files.forgetFiles();
  };

  if (isUacHidden(level)) return <LockedField label={t('title')} />;
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
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <FormSection title={t('title')}>
          <Dot1xFields
            values={values}
            errors={errors}
            disabled={disabled}
            onMode={handleMode}
            onChange={(field, value) => setEdits((e) => ({ ...e, [field]: value }))}
          />
        </FormSection>
        <FormSection title={t('files.title')}>
          <Typography variant="body2" color="textSecondary">
            {available.length > 0 ? t('files.hint') : t('files.noneInMode')}
          </Typography>
          {available.map((slot) => (
            <FileSlot
              key={slot}
              slot={slot}
              state={files.slots[slot]}
              onAmp={onAmp[slot]}
              disabled={disabled}
              onChoose={(file) => void files.choose(slot, file)}
            />
          ))}
        </FormSection>
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={reset} disabled={!canReset}>
          {t('actions.reset')}
        </Button>
        <Button variant="contained" onClick={() => setConfirming(true)} disabled={!canSave} loading={saving}>
          {t('actions.save')}
        </Button>
      </Stack>
      <SaveDialog open={confirming} onCancel={() => setConfirming(false)} onConfirm={() => void save()} />
    </Box>
  );
}
