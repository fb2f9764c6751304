/** Renders one component with the app's providers (store, translations, theme, a fake connection manager). */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers';
import { createCloudAppStore, type CloudStoreOptions } from '../app/cloud-store';
import { createI18n } from '../shared/i18n';
import { fakeManager, type FakeManager } from './fake-manager';

export interface RenderInProvidersOptions extends CloudStoreOptions {
  readonly manager?: FakeManager;
  readonly language?: string;
}

export function renderInProviders(ui: ReactElement, options: RenderInProvidersOptions = {}) {
  const { manager = fakeManager(), language = 'en', ...storeOptions } = options;
  const store = createCloudAppStore({ ...storeOptions, storage: storeOptions.storage ?? window.localStorage });
  const i18n = createI18n(language);
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store} i18n={i18n} manager={manager}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...view, store, manager, user, i18n };
}
