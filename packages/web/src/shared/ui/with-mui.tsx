import { lazy, Suspense, type ReactNode } from 'react';

const LazyMuiTheme = lazy(async () => ({ default: (await import('./mui-theme')).MuiTheme }));

/**
 * Children that use MUI, on a screen drawn without it (the first route, docs/adr/0004): the MUI theme loads with
 * them, the first time they are rendered. Mount such children only when they are needed (a menu once opened, a
 * dialog once asked for), so that the first route fetches no MUI.
 */
export function WithMui({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <LazyMuiTheme>{children}</LazyMuiTheme>
    </Suspense>
  );
}
