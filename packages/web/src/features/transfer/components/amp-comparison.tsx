/** The diff of this amp against another amp of the store (issue 17), its whole tree subscribed while shown. */
import { CircularProgress } from '@mui/material';
import { ALL_TICKS, exportSettings, planImport, type DeviceState, type ModelInfo } from '@rackside/protocol';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAmpModel, useAmpState, useAmpSubscription } from '../../../device';
import { isWholeTree, type CompareAmp } from '../compare-amps';
import { TRANSFER_NS } from '../transfer-i18n';
import { ComparisonPreview } from './compare-section';

export function AmpComparison({ amp, state, model }: { amp: CompareAmp; state: DeviceState; model: ModelInfo }) {
  const { t } = useTranslation(TRANSFER_NS);
  useAmpSubscription(amp.ampId, true);
  const other = useAmpState(amp.ampId, (s) => s);
  const otherModel = useAmpModel(amp.ampId);
  // the other amp's settings as its export would carry them, planned against this amp: a model this amp is not lists
  // what this amp lacks, as an import does
  const plan = useMemo(
    () =>
      other && otherModel && isWholeTree(other)
        ? planImport(exportSettings(other as DeviceState, otherModel, ALL_TICKS), state, model, ALL_TICKS)
        : null,
    [other, otherModel, state, model],
  );
  if (!plan) return <CircularProgress size={24} aria-label={t('compare.loading', { name: amp.name })} />;
  return <ComparisonPreview plan={plan} name={amp.name} />;
}
