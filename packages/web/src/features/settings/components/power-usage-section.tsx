/** spec 2 §2/§3 Power usage: the estimated use in auto-standby and on PoE, and the AC watts drawn now (read-only). */
import { useMemo } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { decimalsOf } from '../../../shared/ui/value-slider-math';
import { numberSchema, treeInfo } from '../../../device/fields/field-info';
import type { InfoLookup } from '../../../device/fields/field-info';
import { useAmpModel, useAmpState } from '../../../device';
import { SETTINGS_NS } from '../settings-i18n';
import { FieldGrid, SettingsSection } from './settings-section';

const READINGS = ['estPowerUsageAutoStandby', 'estPowerUsagePoe', 'acLineWatts'] as const;

function Reading({ ampId, name, info }: { ampId: string; name: (typeof READINGS)[number]; info: InfoLookup }) {
  const { t } = useTranslation(SETTINGS_NS);
  const raw = useAmpState(ampId, (s) => s?.amp?.powerSupply?.[name]);
  const schema = numberSchema(info, `/amp/powerSupply/${name}`);
  if (!schema) return null;
  // spec 2 §5: readings with the precision of their step (watts 0.1 or 1)
  const value = typeof raw === 'number' ? t('power.watts', { value: raw.toFixed(decimalsOf(schema.step)) }) : '';
  return (
    <TextField size="small" label={t(`power.${name}`)} value={value} slotProps={{ htmlInput: { readOnly: true } }} />
  );
}

export function PowerUsageSection({ ampId }: { ampId: string }) {
  const { t } = useTranslation(SETTINGS_NS);
  const model = useAmpModel(ampId);
  const info = useMemo(() => (model ? treeInfo(model) : undefined), [model]);
  if (!info) return null;
  return (
    <SettingsSection title={t('power.title')}>
      <FieldGrid>
        {READINGS.map((name) => (
          <Reading key={name} ampId={ampId} name={name} info={info} />
        ))}
      </FieldGrid>
    </SettingsSection>
  );
}
