import type { i18n } from 'i18next';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider, useSelector } from 'react-redux';
import { DeviceManagerProvider, type DeviceManager } from '../device';
import {
  effectiveLanguage,
  selectDarkMode,
  selectLanguagePreference,
} from '../features/preferences/store/preferences-slice';
import { SessionSyncProvider } from '../shared/cloud/session-sync-context';
import { selectHostingMode } from '../shared/hosting/hosting-mode';
import { DarkModeContext } from '../shared/ui/color-scheme';
import { ErrorBoundary } from '../shared/ui/error-boundary';
import type { AppStore } from './store';

/**
 * Light or dark from the preferences: the plain CSS of the first route follows <html data-theme> (shared/ui/plain/
 * tokens.css), the MUI theme of the other screens the context (shared/ui/mui-theme.tsx).
 */
function PreferredColorScheme({ children }: { children: ReactNode }) {
  const darkMode = useSelector(selectDarkMode);
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = darkMode ? 'dark' : 'light';
  }, [darkMode]);
  return <DarkModeContext value={darkMode}>{children}</DarkModeContext>;
}

/** Follows the language preference (null = the browser's languages) and names the document in it. */
function LanguageSync({ i18n }: { i18n: i18n }) {
  const chosen = useSelector(selectLanguagePreference);
  const { china } = useSelector(selectHostingMode);
  useEffect(() => {
    const language = effectiveLanguage(chosen, navigator.languages, china);
    const apply = () => {
      document.documentElement.lang = i18n.language;
      document.title = i18n.t('common:appName');
    };
    if (i18n.language === language) apply();
    else void i18n.changeLanguage(language).then(apply);
  }, [chosen, china, i18n]);
  return null;
}

/**
 * In cloud mode: the session across tabs, its refresh every minute, and the signed-in state rebuilt at start; the
 * live stream (issue 20), open while someone is signed in.
 */
function CloudSession({ store }: { store: AppStore }) {
  const { mode } = useSelector(selectHostingMode);
  useEffect(() => {
    if (mode !== 'cloud') return undefined;
    const stopSession = store.sessionSync?.start(store);
    const stopLive = store.liveStream?.start(store);
    return () => {
      stopLive?.();
      stopSession?.();
    };
  }, [mode, store]);
  return null;
}

/** Everything the screens need: store, translations, theme, the connection manager, the cloud session. */
export function AppProviders(props: { store: AppStore; i18n: i18n; manager: DeviceManager; children: ReactNode }) {
  return (
    <Provider store={props.store}>
      <CloudSession store={props.store} />
      <I18nextProvider i18n={props.i18n}>
        <LanguageSync i18n={props.i18n} />
        <PreferredColorScheme>
          <ErrorBoundary>
            <SessionSyncProvider sync={props.store.sessionSync}>
              <DeviceManagerProvider manager={props.manager}>{props.children}</DeviceManagerProvider>
            </SessionSyncProvider>
          </ErrorBoundary>
        </PreferredColorScheme>
      </I18nextProvider>
    </Provider>
  );
}
