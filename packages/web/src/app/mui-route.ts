import type { RouteObject } from 'react-router';

/**
 * The pathless route around the screens that use MUI (docs/adr/0004: the first route is drawn without it). Its
 * module (mui-outlet.tsx: the MUI theme provider) loads beside the screen's own lazy module.
 */
export const muiRoute = (children: RouteObject[]): RouteObject => ({
  lazy: async () => ({ Component: (await import('./mui-outlet')).MuiOutlet }),
  children,
});
