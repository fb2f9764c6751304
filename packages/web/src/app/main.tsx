/** Entry point: store, translations, the connection manager (outside React), then the router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ConnectionManager, resolveHost, selectLocalPassword } from '../features/devices';
import { effectiveLanguage } from '../features/preferences/store/preferences-slice';
import { createI18n } from '../shared/i18n';
import { AppProviders } from './providers';
import { routes } from './routes';
import { createAppStore } from './store';

const store = createAppStore({ storage: window.localStorage });
const i18n = createI18n(effectiveLanguage(store.getState().preferences.language, navigator.languages));
const manager = new ConnectionManager({
  dispatch: store.dispatch,
  getPassword: () => selectLocalPassword(store.getState()),
});
void resolveHost(window.location, (input, init) => fetch(input, init)).then((host) => manager.start(host));

const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AppProviders store={store} i18n={i18n} manager={manager}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
