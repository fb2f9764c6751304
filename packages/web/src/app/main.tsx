/**
 * Entry point: the hosting mode (spec 1 §1: the cloud tags the index.html it serves), store, translations, the
 * connection manager (outside React; local mode talks to amps from the start), then the router of that mode. What
 * only cloud mode needs (its routes, the RTK Query cache, the session sync) loads only in cloud mode.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ConnectionManager, resolveHost, selectLocalPassword } from '../device';
import { effectiveLanguage } from '../features/preferences/store/preferences-slice';
import { detectHostingMode, type HostingMode } from '../shared/hosting';
import { createAppI18n } from '../shared/i18n/app-i18n';
import { preloadAmpList, routes } from './local-routes';
import { AppProviders } from './providers';
import { createAppStore, type AppStore } from './store';

async function storeAndRoutes(hosting: HostingMode): Promise<{ store: AppStore; routes: RouteObject[] }> {
  const storage = window.localStorage;
  if (hosting.mode !== 'cloud') return { store: createAppStore({ storage, hosting }), routes };
  const [{ createCloudAppStore }, { cloudRoutes }] = await Promise.all([
    import('./cloud-store'),
    import('./cloud-routes'),
  ]);
  return { store: createCloudAppStore({ storage, hosting }), routes: cloudRoutes };
}

async function main() {
  const hosting = detectHostingMode(document);
  const { store, routes: table } = await storeAndRoutes(hosting);
  const manager = new ConnectionManager({
    dispatch: store.dispatch,
    getPassword: () => selectLocalPassword(store.getState()),
  });
  // cloud mode reaches its amps through venues (the cloud transport arrives with amp detail in cloud mode)
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
