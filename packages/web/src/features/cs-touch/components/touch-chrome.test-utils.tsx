/**
 * Test fixtures of the editor's header, banner and error dialog: a panel, amps, a configuration, and a render that
 * provides the CurrentPanel context over the real editor reducer (dispatches are recorded, save is a mock).
 */
import type { TouchConfiguration } from '@rackside/protocol';
import { useReducer, type Dispatch, type ReactElement } from 'react';
import { vi, type Mock } from 'vitest';
import type { TouchPanelListing } from '../../../device';
import { renderInProviders } from '../../../testing/render-in-providers';
import { CurrentPanelContext, currentPanelOf } from '../hooks/current-panel';
import type { TouchAmp } from '../model/touch-amps';
import {
  emptyPanelEdit,
  touchEditorReducer,
  type PanelEdit,
  type TouchEditorAction,
  type TouchEditorState,
} from '../store/touch-editor-slice';

export const PANEL: TouchPanelListing = {
  id: '192.168.1.50',
  name: 'Lobby panel',
  modelID: 'CS-TOUCH',
  online: true,
  viaAmpId: '192.168.1.20',
  viaName: 'Sub Left',
};

export const SUB_LEFT: TouchAmp = {
  ampId: '192.168.1.20',
  ipAddress: '192.168.1.20',
  macAddress: '00:11:22:33:44:55',
  name: 'Sub Left',
  model: undefined,
  online: true,
  sources: [],
};

/** One volume group on channels 1 and 2 of Sub Left. */
export const CONFIG: TouchConfiguration = {
  name: 'Lobby',
  groups: [
    {
      type: 'volume',
      name: 'Main',
      range: 80,
      amps: [
        {
          ipAddress: SUB_LEFT.ipAddress,
          macAddress: SUB_LEFT.macAddress,
          channels: { '1': { offset: 0 }, '2': { offset: -3 } },
        },
      ],
      subGroups: [],
    },
  ],
};

export interface PanelView extends ReturnType<typeof renderInProviders> {
  readonly dispatched: TouchEditorAction[];
  readonly save: Mock<() => Promise<void>>;
  /** The panel's editing state now. */
  readonly edit: () => PanelEdit;
}

export function renderWithPanel(
  ui: ReactElement,
  options: {
    edit?: Partial<PanelEdit>;
    amps?: readonly TouchAmp[];
    save?: () => Promise<void>;
    language?: 'en' | 'es' | 'zh';
  } = {},
): PanelView {
  const { language = 'en' } = options;
  const dispatched: TouchEditorAction[] = [];
  const save = vi.fn(options.save ?? (() => Promise.resolve()));
  const amps = options.amps ?? [SUB_LEFT];
  const initial: TouchEditorState = { [PANEL.id]: { ...emptyPanelEdit, saved: CONFIG, ...options.edit } };
  let latest: PanelEdit = emptyPanelEdit;

  function Harness() {
    const [state, dispatchState] = useReducer(touchEditorReducer, initial);
    const edit = state[PANEL.id] ?? emptyPanelEdit;
    latest = edit;
    const dispatch: Dispatch<TouchEditorAction> = (action) => {
      dispatched.push(action);
      dispatchState(action);
    };
    const current = currentPanelOf({ panel: PANEL, edit, amps, dispatch, save });
    return <CurrentPanelContext.Provider value={current}>{ui}</CurrentPanelContext.Provider>;
  }

  const view = renderInProviders(<Harness />, {
    language,
    preloaded: { preferences: { language, darkMode: false, delayUnits: 'Milliseconds' } },
  });
  return { ...view, dispatched, save, edit: () => latest };
}
