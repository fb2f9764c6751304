/** Renders the real app (routes, providers, store) at a path, with a fake connection manager. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Resource } from 'i18next';
import { createMemoryRouter } from 'react-router';
// the app's own (app/main.tsx): react-dom's flushSync wired in, for navigations that must not wait in a transition
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../app/providers';
import { cloudRoutes } from '../app/cloud-routes';
import { routes } from '../app/local-routes';
import { createCloudAppStore, type CloudStoreOptions } from '../app/cloud-store';
import { createI18n } from '../shared/i18n';
import { LOCAL_HOSTING } from '../shared/hosting';
import { fakeManager, type FakeManager } from './fake-manager';

/**
 * No other tabs and no Web Locks, and a cloud that answers nothing, unless a test brings its own: otherwise a cloud
 * store's first call went to happy-dom's real fetch, at its default origin (ECONNREFUSED 127.0.0.1:3000 in the log).
 */
export const QUIET_CLOUD = {
  openChannel: () => null,
  locks: null,
  fetch: () => Promise.reject(new Error('no cloud')),
} as const;

export interface RenderAppOptions extends CloudStoreOptions {
  readonly path?: string;
  readonly manager?: FakeManager;
  readonly language?: string;
  readonly resources?: Resource;
  /** For fake timers: how user-event advances them. */
  readonly advanceTimers?: (ms: number) => unknown;
}

export function renderApp(options: RenderAppOptions = {}) {
  const storage = options.storage ?? window.localStorage;
  const hosting = options.hosting ?? LOCAL_HOSTING;
  const store = createCloudAppStore({
    storage,
    hosting,
    cloud: { ...QUIET_CLOUD, ...options.cloud },
    ...(options.preloaded ? { preloaded: options.preloaded } : {}),
    // no live stream unless a test brings an EventSource (jsdom has none)
    ...(options.live ? { live: options.live } : {}),
  });
  const manager = options.manager ?? fakeManager();
  const i18n = createI18n(options.language ?? 'en', options.resources);
  const router = createMemoryRouter(hosting.mode === 'cloud' ? cloudRoutes : routes, {
    initialEntries: [options.path ?? '/'],
  });
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const view = render(
    <AppProviders store={store} i18n={i18n} manager={manager}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, manager, router, user, i18n };
}
