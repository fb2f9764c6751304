/**
 * spec 2 §2/§4 Network page: the edited values are compared with the amp's; Reset and Save appear only when something
 * changed; Save writes ethernet, Wi-Fi and AP config together, or nothing when a field is invalid (spec 2 §5).
 * Untouched fields follow the amp live. Disabled in cloud mode (spec 2 §6) and for guests.
 */
import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { DeviceDelta } from '@rackside/protocol';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AmpSettingsPage } from '../../../shared/ui/amp-settings-page';
import { SaveResetBar } from '../../../shared/ui/save-reset-bar';
import {
  changedFields,
  networkFormSchema,
  networkPayloads,
  valuesFromDevice,
  type NetworkCaps,
  type NetworkPayloads,
  type NetworkValues,
} from '../network-form';
import { NETWORK_NS } from '../network-i18n';
import { ApSection } from './ap-section';
import { EthernetSection } from './ethernet-section';
import { WifiSection } from './wifi-section';

/** A change of the amp's values keeps what the user did; Reset (and a save) forgets it. */
const FOLLOW_AMP = {
  keepDirtyValues: true,
  keepErrors: true,
  keepTouched: true,
  keepIsSubmitted: true,
  keepIsSubmitSuccessful: true,
};
const FORGET = Object.fromEntries(Object.keys(FOLLOW_AMP).map((k) => [k, false]));

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
  const device = useMemo(() => valuesFromDevice(network), [network]);
  const form = useForm<NetworkValues>({
    mode: 'all',
    // the amp's values: a change of them updates the fields the user has not edited, and keeps the rest as it was
    values: device,
    resetOptions: FOLLOW_AMP,
    resolver: zodResolver(networkFormSchema(device, caps.wifi)),
  });
  const { formState, reset, handleSubmit } = form;
  // keepDirtyValues reads dirtyFields, which react-hook-form tracks only for a form that reads them
  void formState.dirtyFields;
  const values = useWatch({ control: form.control }) as NetworkValues;
  const changed = changedFields(device, values).length > 0;
  const saving = formState.isSubmitting;
  const refused = formState.isSubmitted && !formState.isSubmitSuccessful && Object.keys(formState.errors).length > 0;
  const disabled = cloud || !canWrite || saving;

  const save = handleSubmit(async (valid) => {
    // undefined: the amp's latest values (they may have come in during the save), not this render's
    if (await onSave(networkPayloads(valid, network, caps))) reset(undefined, FORGET);
  });

  const readOnlyNote = cloud ? t('readOnly.cloud') : guest ? t('readOnly.guest') : undefined;
  const actions =
    changed && !cloud ? (
      <SaveResetBar
        sticky
        labels={{ reset: t('actions.reset'), save: t('actions.save') }}
        error={refused ? t('errors.notSaved') : undefined}
        onReset={() => reset(undefined, FORGET)}
        onSave={() => void save()}
        resetDisabled={saving}
        saveDisabled={saving || !canWrite}
        saving={saving}
      />
    ) : null;
  return (
    <FormProvider {...form}>
      <AmpSettingsPage title={t('title')} readOnlyNote={readOnlyNote} actions={actions}>
        <EthernetSection
          mac={network?.ethernet?.mac ?? ''}
          disabled={disabled}
          dot1x={caps.dot1x}
          dot1xOnAmp={network?.ethernet?.dot1xEnable === true}
        />
        {caps.wifi ? (
          <WifiSection mac={network?.wifi?.mac ?? ''} signal={network?.wifi?.signalStrength ?? 0} disabled={disabled} />
        ) : null}
        <ApSection disabled={disabled} />
      </AmpSettingsPage>
    </FormProvider>
  );
}
