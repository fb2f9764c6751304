/**
 * @rackside/web: the React console. The browser entry is src/app/main.tsx (built by Vite into dist/, which the amps
 * serve); this module exposes the pieces a host page or a test harness composes.
 */
export { AppProviders } from './app/providers';
export { routes } from './app/local-routes';
export { cloudRoutes } from './app/cloud-routes';
export { createAppStore, type AppStore, type RootState } from './app/store';
