/**
 * Renders one amp page screen at /amps/{ampId}/{page} with the app's providers (store, translations, theme, a fake
 * connection manager); any other path shows its own name, so a test can see where the screen sent the user.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@rackside/protocol';
import type { Resource } from 'i18next';
import { createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../app/providers';
import { createCloudAppStore } from '../app/cloud-store';
import type { DevicesState } from '../device';
import { defaultPreferences } from '../features/preferences/store/preferences-slice';
import { LOCAL_HOSTING, type HostingMode } from '../shared/hosting';
import { createI18n } from '../shared/i18n';
import { fakeManager, type FakeManager } from './fake-manager';
import { QUIET_CLOUD } from './render-app';

export interface RenderAmpPageOptions {
  readonly devices: DevicesState;
  readonly ampId?: string;
  readonly page?: string;
  /** The local login; null (default) for a guest. */
  readonly password?: string | null;
  readonly hosting?: HostingMode;
  readonly manager?: FakeManager;
  readonly language?: Language;
  readonly resources?: Resource;
}

function Elsewhere() {
  return <p>{`elsewhere: ${useLocation().pathname}`}</p>;
}

export function renderAmpPage(ui: ReactElement, options: RenderAmpPageOptions) {
  const store = createCloudAppStore({
    storage: window.localStorage,
    hosting: options.hosting ?? LOCAL_HOSTING,
    cloud: QUIET_CLOUD,
    preloaded: {
      devices: options.devices,
      localLogin: { password: options.password ?? null },
      // the language preference, or the app would follow the browser's (English under jsdom)
      ...(options.language ? { preferences: { ...defaultPreferences, language: options.language } } : {}),
    },
  });
  const manager = options.manager ?? fakeManager();
  const i18n = createI18n(options.language ?? 'en', options.resources);
  const ampId = options.ampId ?? options.devices.hostAmpId ?? '';
  const router = createMemoryRouter(
    [
      { path: '/amps/:ampId/:page', element: ui },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [`/amps/${ampId}/${options.page ?? 'settings'}`] },
  );
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store} i18n={i18n} manager={manager}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, manager, router, user, i18n };
}
