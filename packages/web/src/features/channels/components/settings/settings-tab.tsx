/**
 * spec 2 §2 Settings: name (required, issue 18), Hi-Z/Lo-Z (writing hiZHpfEnable by the spec 2 §4 rule), the high-pass
 * slider for 70 V and 100 V only, Smart Power Bridge (asks before enabling, can be disabled again), Ready enable, the
 * on-ramp (Digital or Dante by model), pot lockout, touch volume.
 */
import Stack from '@mui/material/Stack';
import { CHOSEN, HIZ_LOZ, hiZHpfEnableFor, hiZLoZPatch, type HiZLoZ } from '@rackside/protocol';
import { useChannelsText } from '../../i18n';
import type { ChannelTabProps } from '../../types';
import { FieldSelect } from '../fields/field-select';
import { FieldSlider } from '../fields/field-slider';
import { FieldSwitch } from '../fields/field-switch';
import { FieldText } from '../fields/field-text';
import { FieldReadout } from '../fields/readouts';
import { sendObject } from '../fields/send';
import { Section } from '../section';
import { SmartPowerBridge } from './smart-power-bridge';

const isHiZLoZ = (v: string): v is HiZLoZ => (HIZ_LOZ as readonly string[]).includes(v);

export function SettingsTab(props: ChannelTabProps) {
  const { channel, model, state, write } = props;
  const { t } = useChannelsText();
  const out = `/amp/channels/${channel}/output`;
  const output = state.channels[String(channel)]?.output;
  if (!output) return null;
  // spec 2 §2: the on-ramp is a Digital on-ramp on models with digital inputs (CDS), a Dante one otherwise
  const onRampLabel = model.digitalInputs > 0 ? t('settings.onRampDigital') : t('settings.onRampDante');

  return (
    <Stack sx={{ gap: 2 }}>
      <Section title={t('settings.output')}>
        <FieldText ctx={props} url={`${out}/name`} required />
        <FieldSelect
          ctx={props}
          url={`${out}/hiZLoZ`}
          onSelect={(mode) => isHiZLoZ(mode) && sendObject(write, out, hiZLoZPatch(mode))}
        />
        {hiZHpfEnableFor(output.hiZLoZ) && <FieldSlider ctx={props} url={`${out}/hiZHpfFrequency`} />}
        <FieldSwitch ctx={props} url={`${out}/enable`} label={t('settings.ready')} />
        <SmartPowerBridge
          ctx={props}
          url={`${out}/${CHOSEN.smartPowerBridgeField}`}
          ampId={props.ampId}
          channel={channel}
        />
        <FieldSelect
          ctx={props}
          url={`/amp/channels/${channel}/inputSelector/danteOnRamp`}
          label={onRampLabel}
          filter={(c) => c !== 'Silence' || model.caps.advancedDsp}
        />
      </Section>
      {model.caps.potLockout && (
        <Section title={t('settings.potLockout')}>
          <FieldSwitch ctx={props} url="/amp/deviceInfo/backPanelAttnPotLockout" label={t('settings.potLockout')} />
          <FieldReadout ctx={props} url={`${out}/backpanelPotAttn`} />
        </Section>
      )}
      <Section title={t('settings.touchVolume')}>
        <FieldReadout ctx={props} url={`${out}/faderZoneOffset`} />
        <FieldReadout ctx={props} url={`${out}/faderZoneAdjust`} />
      </Section>
    </Stack>
  );
}
