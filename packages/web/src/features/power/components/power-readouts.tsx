/**
 * spec 2 §2/§3 power supply readings (AC voltage and current with 1 decimal, watts whole), statuses (fault, thermal,
 * power ok, line warning) and the power source with PoE.
 */
import type { DeviceDelta } from '@rackside/protocol';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../shared/ui/form-section';
import { formatReading, POWER_NS } from '../power-i18n';
import { ReadoutTable, type Readout } from './readout-table';

type PowerSupply = NonNullable<NonNullable<DeviceDelta['amp']>['powerSupply']>;

export function PowerReadouts({ powerSupply: ps }: { powerSupply: PowerSupply | undefined }) {
  const { t, i18n } = useTranslation(POWER_NS);
  const n = (v: number | undefined, decimals: number) => formatReading(v, decimals, i18n.language);
  const flag = (on: boolean | undefined): Pick<Readout, 'value' | 'tone'> =>
    on === true ? { value: t('status.active'), tone: 'error' } : { value: t('status.clear') };
  const readings: Readout[] = [
    { label: t('readings.acLineVoltage'), value: t('units.V', { value: n(ps?.acLineVoltage, 1) }) },
    { label: t('readings.acLineCurrent'), value: t('units.A', { value: n(ps?.acLineCurrent, 1) }) },
    { label: t('readings.acLineWatts'), value: t('units.W', { value: n(ps?.acLineWatts, 0) }) },
  ];
  const statuses: Readout[] = [
    { label: t('status.fault'), ...flag(ps?.fault) },
    { label: t('status.thermal'), ...flag(ps?.thermal) },
    ps?.powerOk === false
      ? { label: t('status.powerOk'), value: t('status.notOk'), tone: 'error' }
      : { label: t('status.powerOk'), value: t('status.ok'), tone: 'success' },
    { label: t('status.lineWarning'), ...flag(ps?.lineWarning) },
  ];
  const source = ps?.powerSource ?? 'AC LINE';
  const sources: Readout[] = [
    { label: t('source.powerSource'), value: t(`source.sources.${source}`) },
    { label: t('source.poeStatus'), value: t(`source.poe.${ps?.poeStatus ?? 'Not Present'}`) },
    ...(source === 'POE'
      ? [{ label: t('source.estPowerUsagePoe'), value: t('units.W', { value: n(ps?.estPowerUsagePoe, 1) }) }]
      : []),
  ];
  return (
    <>
      <FormSection title={t('readings.title')}>
        <ReadoutTable label={t('readings.title')} rows={readings} />
      </FormSection>
      <FormSection title={t('status.title')}>
        <ReadoutTable label={t('status.title')} rows={statuses} />
      </FormSection>
      <FormSection title={t('source.title')}>
        <ReadoutTable label={t('source.title')} rows={sources} />
      </FormSection>
    </>
  );
}
