/** Test helpers of the shared controls and the channel view: render inside the app's i18n (English by default). */
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n';

const instances = new Map<string, i18n>();

/** Renders `ui` with the bundled translations in `language`. */
export function renderWithI18n(ui: ReactElement, language = 'en'): RenderResult {
  let instance = instances.get(language);
  if (!instance) {
    instance = createI18n(language);
    instances.set(language, instance);
  }
  return render(<I18nextProvider i18n={instance}>{ui}</I18nextProvider>);
}
