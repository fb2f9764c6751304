/**
 * Test fixtures of the source group form, the live tests and the conflict list: amps in the real device store (so the
 * editor's amp list, the faders and input selectors come from it), a fake connection manager recording writes, and
 * the current panel over the real editor reducer.
 */
import type { DeviceDelta, TouchConfiguration } from '@rackside/protocol';
import type { Resource } from 'i18next';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer, type ReactElement, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { createCloudAppStore } from '../../../app/cloud-store';
import { AppProviders } from '../../../app/providers';
import type { AmpConnection, DevicesState, TouchPanelListing } from '../../../device';
import { createI18n } from '../../../shared/i18n';
import { fakeManager, type FakeManager } from '../../../testing/fake-manager';
import { devicesWith } from '../../../testing/fixtures';
import { CurrentPanelContext, type CurrentPanel } from '../hooks/current-panel';
import { selectTouchAmps } from '../model/touch-amps';
import {
  emptyPanelEdit,
  hasUnsavedChanges,
  shownConfig,
  touchEditorReducer,
  type PanelEdit,
  type TouchEditorState,
} from '../store/touch-editor-slice';

export const PANEL: TouchPanelListing = {
  id: '10.0.0.50',
  name: 'Lobby panel',
  modelID: 'CS-TOUCH',
  online: true,
  viaAmpId: '10.0.0.11',
  viaName: 'Stage Left',
};

export interface TestAmp {
  readonly ip: string;
  readonly name: string;
  readonly model: string;
  readonly mac: string;
  readonly connection?: AmpConnection;
}

/** 704D: four channels, Analog 1-4 and Dante 1-8. */
export const LEFT: TestAmp = { ip: '10.0.0.11', name: 'Stage Left', model: '704D', mac: '00:11:22:33:44:01' };
/** 352N: two channels, Analog 1-2 only. */
export const RIGHT: TestAmp = { ip: '10.0.0.12', name: 'Stage Right', model: '352N', mac: '00:11:22:33:44:02' };
/** 704D, not connected. */
export const BALCONY: TestAmp = {
  ip: '10.0.0.13',
  name: 'Balcony',
  model: '704D',
  mac: '00:11:22:33:44:03',
  connection: 'FAILED',
};

/** A source of a state, on one of the test amps. */
export const src = (amp: TestAmp, channel: number, source: string) => ({
  ipAddress: amp.ip,
  macAddress: amp.mac,
  channel,
  source,
});

export interface RenderOptions {
  readonly amps?: readonly TestAmp[];
  /** Changes to an amp's default tree, by IP. */
  readonly patches?: Readonly<Record<string, DeviceDelta>>;
  readonly manager?: FakeManager;
  /** Changes the device slice before the store is made (to drop what an amp has not sent yet). */
  readonly prepare?: (devices: DevicesState) => void;
  /** Translations other than the bundled ones (the pseudo-locale). */
  readonly resources?: Resource;
}

export function renderTouch(ui: ReactElement, config: TouchConfiguration, options: RenderOptions = {}) {
  const { amps = [LEFT, RIGHT, BALCONY], patches = {}, manager = fakeManager() } = options;
  const devices = devicesWith(
    amps.map((a) => ({
      ip: a.ip,
      name: a.name,
      model: a.model,
      connection: a.connection ?? 'CONNECTED',
      patch: { network: { ethernet: { mac: a.mac } }, ...patches[a.ip] },
    })),
  );
  options.prepare?.(devices);
  const store = createCloudAppStore({ storage: window.localStorage, preloaded: { devices } });
  const initial: TouchEditorState = { [PANEL.id]: { ...emptyPanelEdit, saved: config } };
  let latest: PanelEdit = emptyPanelEdit;

  function Harness({ children }: { children: ReactNode }) {
    const [state, dispatch] = useReducer(touchEditorReducer, initial);
    const touchAmps = useSelector(selectTouchAmps);
    const edit = state[PANEL.id] ?? emptyPanelEdit;
    latest = edit;
    const current: CurrentPanel = {
      panel: PANEL,
      edit,
      config: shownConfig(edit),
      dirty: hasUnsavedChanges(edit),
      amps: touchAmps,
      offlineAmps: [],
      saveLocked: false,
      dispatch,
      save: () => Promise.resolve(),
    };
    return <CurrentPanelContext.Provider value={current}>{children}</CurrentPanelContext.Provider>;
  }

  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store} i18n={createI18n('en', options.resources)} manager={manager}>
      <MemoryRouter>
        <Harness>{ui}</Harness>
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    ...view,
    store,
    manager,
    user,
    /** The configuration shown now (the copy once edited). */
    config: () => shownConfig(latest),
  };
}
