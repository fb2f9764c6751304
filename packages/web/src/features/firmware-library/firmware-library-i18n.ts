/** The firmware library's texts (namespace 'firmware-library', shared/i18n/locales/{en,es,zh}/firmware-library.json). */
import type firmwareLibrary from '../../shared/i18n/locales/en/firmware-library.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    'firmware-library': typeof firmwareLibrary;
  }
}

export const FIRMWARE_LIBRARY_NS = 'firmware-library';
