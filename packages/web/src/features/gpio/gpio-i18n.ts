/** The advanced page's texts (namespace 'gpio', shared/i18n/locales/{en,es,zh}/gpio.json), keys type-checked. */
import type gpio from '../../shared/i18n/locales/en/gpio.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    gpio: typeof gpio;
  }
}

export const GPIO_NS = 'gpio';
