/**
 * The MUI theme around the screens that use MUI. The first route (app frame and amp list) is drawn without MUI
 * (docs/adr/0004); every other screen, the drawer, the notices, the amp menu and the dialogs come inside this
 * provider, which loads with them (app/mui-outlet.tsx for routes, shared/ui/with-mui.tsx for the rest). The page's
 * base styles (what CssBaseline sets) are plain CSS (plain/tokens.css), so they hold before MUI is loaded.
 */
import { ThemeProvider, type Theme } from '@mui/material';
import { useContext, type ReactNode } from 'react';
import { DarkModeContext } from './color-scheme';
import { createAppTheme } from './theme';

// one theme object per mode for every provider on the page (emotion's styles are cached per theme)
const themes = new Map<boolean, Theme>();
const themeFor = (dark: boolean): Theme => {
  let theme = themes.get(dark);
  if (!theme) themes.set(dark, (theme = createAppTheme(dark)));
  return theme;
};

export function MuiTheme({ children }: { children: ReactNode }) {
  const dark = useContext(DarkModeContext);
  return <ThemeProvider theme={themeFor(dark)}>{children}</ThemeProvider>;
}
