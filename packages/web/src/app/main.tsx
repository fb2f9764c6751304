/**
 * Entry point: the hosting mode (spec 1 §1: the cloud tags the index.html it serves), store, translations, the
 * connection manager (outside React; local mode talks to amps from the start), then the router of that mode. What
 * only cloud mode needs (its routes, the RTK Query cache, the session sync) loads only in cloud mode.
 */
import '../shared/ui/plain/tokens.css';
import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ConnectionManager, resolveHost, selectLocalPassword, type ClientFactory } from '../device';
import { effectiveLanguage } from '../features/preferences/store/preferences-slice';
import { detectHostingMode, type HostingMode } from '../shared/hosting';
import { createAppI18n } from '../shared/i18n/app-i18n';
import { preloadAmpList, routes } from './local-routes';
import { AppProviders } from './providers';
import { createAppStore, type AppStore } from './store';

interface ModeParts {
  readonly store: AppStore;
  readonly routes: RouteObject[];
  /** Cloud mode: clients through the cloud relay (app/remote-clients.ts); local mode: the default. */
  readonly createClient?: ClientFactory;
}

async function storeAndRoutes(hosting: HostingMode): Promise<ModeParts> {
  const storage = window.localStorage;
  if (hosting.mode !== 'cloud') return { store: createAppStore({ storage, hosting }), routes };
  const [{ createCloudAppStore }, { cloudRoutes }, { remoteClientFactory }] = await Promise.all([
    import('./cloud-store'),
    import('./cloud-routes'),
    import('./remote-clients'),
  ]);
  const store = createCloudAppStore({ storage, hosting });
  return { store, routes: cloudRoutes, createClient: remoteClientFactory(store.sessionSync, store.dispatch) };
}

async function main() {
  const hosting = detectHostingMode(document);
  const { store, routes: table, createClient } = await storeAndRoutes(hosting);
  const manager = new ConnectionManager({
    dispatch: store.dispatch,
    getPassword: () => selectLocalPassword(store.getState()),
    getState: () => store.getState(),
    ...(createClient ? { createClient } : {}),
  });
  // cloud mode reaches an amp through the cloud relay while its detail is open (RemoteAmpDetail)
  if (hosting.mode === 'local') {
    void resolveHost(window.location, (input, init) => fetch(input, init)).then((host) => manager.start(host));
    preloadAmpList();
  }

  const router = createBrowserRouter(table);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // English is bundled; another language loads first (its own chunk), while the manager already connects
  const language = effectiveLanguage(store.getState().preferences.language, navigator.languages, hosting.china);
  const i18n = await createAppI18n(language);
  createRoot(root).render(
    <StrictMode>
      <AppProviders store={store} i18n={i18n} manager={manager}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void main();
