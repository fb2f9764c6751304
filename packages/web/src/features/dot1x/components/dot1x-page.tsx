/**
 * spec 2 §2/§4/§5 802.1X page: mode with its slot-clearing rule, credentials, three file slots; Save (enabled when
 * something changed or a file is chosen, and the mode is Disabled or identity and password are set) opens a warning;
 * confirming uploads the chosen files, then sends the form (the password only when changed). After a save the
 * password shows as asterisks of equal length and the files clear. Reset clears the form and the files.
 */
import { useEffect, useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  canSaveDot1x,
  dot1xSavePayload,
  isUacHidden,
  isUacReadonly,
  maskedPassword,
  slotsClearedBy,
  type DeviceDelta,
  type Dot1xFileSlot,
  type UacLevel,
} from '@rackside/protocol';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AmpSettingsPage } from '../../../shared/ui/amp-settings-page';
import { FormSection } from '../../../shared/ui/form-section';
import { SaveResetBar } from '../../../shared/ui/save-reset-bar';
import { LockedField } from '../../../shared/ui/value-slider-lock';
import { dot1xChanged, Dot1xFormSchema, dot1xValuesFromDevice, type Dot1xError, type Dot1xValues } from '../dot1x-form';
import { DOT1X_NS } from '../dot1x-i18n';
import type { UploadResult } from '../upload';
import { useDot1xFiles } from '../use-dot1x-files';
import { Dot1xFields } from './dot1x-fields';
import { Dot1xFiles } from './dot1x-files';
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
  const [savedMask, setSavedMask] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const files = useDot1xFiles(upload);
  const device = useMemo(() => dot1xValuesFromDevice(ethernet, savedMask), [ethernet, savedMask]);
  // the amp's values: a change of them updates the fields the user has not edited
  const form = useForm<Dot1xValues>({
    values: device,
    resetOptions: { keepDirtyValues: true },
    resolver: zodResolver(Dot1xFormSchema),
  });
  const { control, formState, handleSubmit, reset, trigger } = form;
  // keepDirtyValues reads dirtyFields, which react-hook-form tracks only for a form that reads them
  void formState.dirtyFields;
  const values = useWatch({ control }) as Dot1xValues;
  // spec 2 §5 shows the required-field messages at once, also for values the amp or a reset put there
  useEffect(() => void trigger(), [trigger, values.mode, values.identity, values.password]);

  const saving = formState.isSubmitting;
  const changed = dot1xChanged(device, values);
  const disabled = cloud || !canWrite || saving || isUacReadonly(level);
  const canSave = !disabled && canSaveDot1x({ ...values, changed, fileSelected: files.fileSelected });
  const errorOf = (field: Dot1xError) =>
    formState.errors[field] ? t(`errors.${formState.errors[field].message as Dot1xError}`) : undefined;

  const save = handleSubmit(async (valid) => {
    setConfirming(false);
    const payload = dot1xSavePayload(valid, device.password);
    if (!((await files.uploadAll()) && (await onSave(payload)))) return;
    const mask = payload.dot1xPassword === undefined ? savedMask : maskedPassword(payload.dot1xPassword);
    setSavedMask(mask);
    // the amp's latest values (they may have come in during the save); the new mask follows with the next render
    reset(undefined, { keepDirtyValues: false });
    files.forgetFiles();
  });
  const handleReset = () => {
    reset(undefined, { keepDirtyValues: false });
    files.clear();
  };

  if (isUacHidden(level)) return <LockedField label={t('title')} />;
  const actions = (
    <>
      <SaveResetBar
        labels={{ reset: t('actions.reset'), save: t('actions.save') }}
        onReset={handleReset}
        onSave={() => setConfirming(true)}
        resetDisabled={saving || !(changed || files.fileSelected)}
        saveDisabled={!canSave}
        saving={saving}
      />
      <SaveDialog open={confirming} onCancel={() => setConfirming(false)} onConfirm={() => void save()} />
    </>
  );
  const readOnlyNote = cloud ? t('readOnly.cloud') : guest ? t('readOnly.guest') : undefined;
  return (
    <AmpSettingsPage title={t('title')} readOnlyNote={readOnlyNote} columns="two" actions={actions}>
      <FormSection title={t('title')}>
        <Dot1xFields
          control={control}
          errors={{ identity: errorOf('identity'), password: errorOf('password') }}
          disabled={disabled}
          onModeChange={(mode) => files.clear(slotsClearedBy(mode))}
        />
      </FormSection>
      <Dot1xFiles mode={values.mode} files={files} onAmp={ethernet} disabled={disabled} />
    </AmpSettingsPage>
  );
}
