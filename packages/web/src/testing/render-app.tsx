/** Renders the real app (routes, providers, store) at a path, with a fake connection manager. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Resource } from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import { createAppStore, type AppStoreOptions } from '../app/store';
import { createI18n } from '../shared/i18n';
import { fakeManager, type FakeManager } from './fake-manager';

export interface RenderAppOptions extends AppStoreOptions {
  readonly path?: string;
  readonly manager?: FakeManager;
  readonly language?: string;
  readonly resources?: Resource;
}

export function renderApp(options: RenderAppOptions = {}) {
  const storage = options.storage ?? window.localStorage;
  const store = createAppStore({ storage, ...(options.preloaded ? { preloaded: options.preloaded } : {}) });
  const manager = options.manager ?? fakeManager();
  const i18n = createI18n(options.language ?? 'en', options.resources);
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store} i18n={i18n} manager={manager}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, manager, router, user, i18n };
}
