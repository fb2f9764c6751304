/**
 * Test fixtures of the group list and the group forms: two amps, a panel, and a render of the editor's group routes
 * (/cs-touch/{id}, /group/{i}, /group/{i}/{j}) with the group list beside the detail, over the real editor reducer.
 */
import { findModel, type TouchConfiguration, type VolumeGroup } from '@rackside/protocol';
import type { Resource } from 'i18next';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer, type ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { createCloudAppStore } from '../../../app/cloud-store';
import { AppProviders } from '../../../app/providers';
import type { TouchPanelListing } from '../../../device';
import { createI18n } from '../../../shared/i18n';
import { fakeManager } from '../../../testing/fake-manager';
import { CurrentPanelContext, type CurrentPanel } from '../hooks/current-panel';
import type { TouchAmp } from '../model/touch-amps';
import {
  emptyPanelEdit,
  hasUnsavedChanges,
  shownConfig,
  touchEditorReducer,
  type PanelEdit,
  type TouchEditorState,
} from '../store/touch-editor-slice';
import { GroupAreaPrompt, GroupDetail } from './group-detail';
import { GroupList } from './group-list';

export const PANEL: TouchPanelListing = {
  id: '192.168.1.50',
  name: 'Lobby panel',
  modelID: 'CS-TOUCH',
  online: true,
  viaAmpId: '192.168.1.20',
  viaName: 'Stage Left',
};

const amp = (n: number, name: string, online: boolean): TouchAmp => ({
  ampId: `192.168.1.${20 + n}`,
  ipAddress: `192.168.1.${20 + n}`,
  macAddress: `00:11:22:33:44:0${n}`,
  name,
  model: findModel('704D'),
  online,
  sources: [],
});

/** Four channels each; the second is offline. */
export const STAGE_LEFT = amp(1, 'Stage Left', true);
export const STAGE_RIGHT = amp(2, 'Stage Right', false);
export const AMPS: readonly TouchAmp[] = [STAGE_LEFT, STAGE_RIGHT];

export const volumeGroup = (name: string, channels: Record<string, number> = {}, subGroups: string[] = []) =>
  ({
    type: 'volume',
    name,
    range: 80,
    amps:
      Object.keys(channels).length === 0
        ? []
        : [
            {
              ipAddress: STAGE_LEFT.ipAddress,
              macAddress: STAGE_LEFT.macAddress,
              channels: Object.fromEntries(Object.entries(channels).map(([ch, offset]) => [ch, { offset }])),
            },
          ],
    subGroups: subGroups.map((s) => ({ name: s, amps: [] })),
  }) satisfies VolumeGroup;

export function renderGroups(
  path: string,
  config: TouchConfiguration,
  { amps = AMPS, resources }: { amps?: readonly TouchAmp[]; resources?: Resource } = {},
) {
  const initial: TouchEditorState = { [PANEL.id]: { ...emptyPanelEdit, saved: config } };
  let latest: PanelEdit = emptyPanelEdit;

  function Harness({ children }: { children: ReactNode }) {
    const [state, dispatch] = useReducer(touchEditorReducer, initial);
    const edit = state[PANEL.id] ?? emptyPanelEdit;
    latest = edit;
    const current: CurrentPanel = {
      panel: PANEL,
      edit,
      config: shownConfig(edit),
      dirty: hasUnsavedChanges(edit),
      amps,
      offlineAmps: [],
      saveLocked: false,
      dispatch,
      save: () => Promise.resolve(),
    };
    return <CurrentPanelContext.Provider value={current}>{children}</CurrentPanelContext.Provider>;
  }

  const router = createMemoryRouter(
    [
      {
        path: '/cs-touch/:touchId',
        element: (
          <Harness>
            <GroupList />
            <Outlet />
          </Harness>
        ),
        children: [
          { index: true, element: <GroupAreaPrompt /> },
          { path: 'group/:groupIndex', element: <GroupDetail /> },
          { path: 'group/:groupIndex/:subGroupIndex', element: <GroupDetail /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const store = createCloudAppStore({ storage: window.localStorage });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store} i18n={createI18n('en', resources)} manager={fakeManager()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    ...view,
    user,
    router,
    /** The current route's path. */
    path: () => router.state.location.pathname,
    /** The configuration shown now (the copy once edited). */
    config: () => shownConfig(latest),
  };
}

export const BASE = `/cs-touch/${PANEL.id}`;
