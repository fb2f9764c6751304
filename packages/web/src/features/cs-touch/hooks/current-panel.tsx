/**
 * The panel the editor shows, for every part of its screen (header, group list, the detail forms under the group
 * routes): its listing, editing state, the configuration shown, the amps it can use, save and the edit dispatch.
 */
import type { TouchConfiguration } from '@rackside/protocol';
import { createContext, useContext, type Dispatch } from 'react';
import type { TouchPanelListing } from '../../../device';
import { offlineAmpsOf } from '../model/offline-amps';
import type { TouchAmp } from '../model/touch-amps';
import { hasUnsavedChanges, shownConfig, type PanelEdit, type TouchEditorAction } from '../store/touch-editor-slice';

export interface CurrentPanel {
  readonly panel: TouchPanelListing;
  readonly edit: PanelEdit;
  /** The temporary copy when there is one, else the saved configuration; null until the first read answers. */
  readonly config: TouchConfiguration | null;
  readonly dirty: boolean;
  /** The amps discovery found (candidates for groups), with whether each is connected. */
  readonly amps: readonly TouchAmp[];
  /** spec 3 §4: amps the configuration uses that are offline (the save lock is on while any is, unless ignored). */
  readonly offlineAmps: readonly string[];
  /** spec 3 §4: the save lock overlays the editor: amps offline and Unlock not pressed. */
  readonly saveLocked: boolean;
  readonly dispatch: Dispatch<TouchEditorAction>;
  /** Sends the temporary copy to the panel (setConfig); errors land in `edit.error`. */
  readonly save: () => Promise<void>;
}

export const CurrentPanelContext = createContext<CurrentPanel | null>(null);

export function useCurrentPanel(): CurrentPanel {
  const current = useContext(CurrentPanelContext);
  if (!current) throw new Error('useCurrentPanel is for the parts of the touch editor screen');
  return current;
}

/** What the editor's parts read, derived from the panel's editing state and the amps found now. */
export function currentPanelOf(
  parts: Pick<CurrentPanel, 'panel' | 'edit' | 'amps' | 'dispatch' | 'save'>,
): CurrentPanel {
  const config = shownConfig(parts.edit);
  const offlineAmps = offlineAmpsOf(config, parts.amps);
  return {
    ...parts,
    config,
    dirty: hasUnsavedChanges(parts.edit),
    offlineAmps,
    saveLocked: offlineAmps.length > 0 && !parts.edit.lockIgnored,
  };
}
