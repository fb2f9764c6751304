import type { RouteObject } from 'react-router';
import type { HostingMode } from '../shared/hosting';
import { cloudRoutes } from './cloud-routes';
import { routes } from './routes';

/** spec 1 §2: the route table of the hosting mode. */
export const routesFor = (mode: HostingMode['mode']): RouteObject[] => (mode === 'cloud' ? cloudRoutes : routes);
