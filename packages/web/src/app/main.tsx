/**
 * Entry point: the hosting mode (spec 1 §1: the cloud tags the index.html it serves), store, translations, the
 * connection manager (outside React; local mode talks to amps from the start), then the router of that mode.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ConnectionManager, resolveHost, selectLocalPassword } from '../device';
import { effectiveLanguage } from '../features/preferences/store/preferences-slice';
import { detectHostingMode } from '../shared/hosting';
import { createAppI18n } from '../shared/i18n/app-i18n';
import { AppProviders } from './providers';
import { routesFor } from './routes-for';
import { createAppStore } from './store';

const hosting = detectHostingMode(document);
const store = createAppStore({ storage: window.localStorage, hosting });
const manager = new ConnectionManager({
  dispatch: store.dispatch,
  getPassword: () => selectLocalPassword(store.getState()),
});
// cloud mode reaches its amps through venues (the cloud transport arrives with amp detail in cloud mode)
if (hosting.mode === 'local')
  void resolveHost(window.location, (input, init) => fetch(input, init)).then((host) => manager.start(host));

const router = createBrowserRouter(routesFor(hosting.mode));
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// English is bundled; another language loads first (its own chunk), while the manager already connects
const language = effectiveLanguage(store.getState().preferences.language, navigator.languages, hosting.china);
void createAppI18n(language).then((i18n) =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders store={store} i18n={i18n} manager={manager}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
