/** The amps a comparison can be made with (issue 17): the other connected amps of the console's fleet, by name. */
import { selectAmpEntry, selectAmpModel, selectAmpSummary, selectListedAmpIds, type WithDevices } from '../../device';

/** Another amp of the fleet this amp can be compared with. */
export interface CompareAmp {
  readonly ampId: string;
  readonly name: string;
}

/** The listed amps other than `ampId` that are connected and are amps (not touch panels); compare with deepEqual. */
export function selectCompareAmps(s: WithDevices, ampId: string): CompareAmp[] {
  return selectListedAmpIds(s)
    .flatMap((id): CompareAmp[] => {
      const model = selectAmpModel(s, id);
      if (id === ampId || selectAmpEntry(s, id)?.connection !== 'CONNECTED' || !model || model.kind === 'touch')
        return [];
      return [{ ampId: id, name: selectAmpSummary(s, id)?.deviceName || id }];
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.ampId.localeCompare(b.ampId));
}

/**
 * The amp list holds only the summary's subtrees: a dialog subscribes the whole tree and waits for the parts only
 * that subscription brings (inputs, input selectors) before it exports or plans.
 */
export const isWholeTree = (
  state: { amp?: { inputs?: unknown; channels?: Record<string, { inputSelector?: unknown } | undefined> } } | undefined,
) => state?.amp?.inputs !== undefined && state.amp.channels?.['1']?.inputSelector !== undefined;
