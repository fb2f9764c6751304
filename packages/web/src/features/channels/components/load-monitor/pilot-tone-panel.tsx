/** The pilot tone detector (spec 2 §2/§3): its settings, the per-input detection of pilot-tone-v2 models, and status. */
import { valueAt } from '../../../../device/fields/field-info';
import { useChannelsText } from '../../i18n';
import type { FieldContext } from '../../../../device/fields/types';
import { FieldSlider } from '../fields/field-slider';
import { FieldSwitch } from '../fields/field-switch';
import { FieldFlag, FieldReadout, StatusChip } from '../fields/readouts';
import { Section } from '../section';

export function PilotTonePanel({ ctx, url }: { ctx: FieldContext; url: string }) {
  const { t } = useChannelsText();
  const slider = (name: string) => <FieldSlider ctx={ctx} url={`${url}/${name}`} />;
  return (
    <Section title={t('loadMonitor.pilotTone')}>
      <FieldSwitch ctx={ctx} url={`${url}/enable`} />
      <StatusChip status={valueAt(ctx.state, `${url}/status`)} />
      <FieldFlag ctx={ctx} url={`${url}/testing`} />
      <FieldReadout ctx={ctx} url={`${url}/measuredLevel`} />
      <FieldReadout ctx={ctx} url={`${url}/levels`} />
      {slider('toneFrequency')}
      {slider('sensitivity')}
      {slider('openLimit')}
      {slider('shortLimit')}
      {slider('timeElapsedForError')}
      <FieldSwitch ctx={ctx} url={`${url}/CrossoverBypass`} />
      <FieldSwitch ctx={ctx} url={`${url}/inputEnablePrimary`} />
      {slider('inputThresholdPrimary')}
      <FieldFlag ctx={ctx} url={`${url}/inputPresentPrimary`} />
      <FieldSwitch ctx={ctx} url={`${url}/inputEnableSecondary`} />
      {slider('inputThresholdSecondary')}
      <FieldFlag ctx={ctx} url={`${url}/inputPresentSecondary`} />
    </Section>
  );
}
