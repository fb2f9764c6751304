/** The contacts screens' texts (namespace 'contacts', shared/i18n/locales/{en,es,zh}/contacts.json), keys type-checked. */
import type contacts from '../../shared/i18n/locales/en/contacts.json';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    contacts: typeof contacts;
  }
}

export const CONTACTS_NS = 'contacts';

/**
 * spec 1 §2: the support number a contact texts to re-subscribe to text messages. The spec omits the value (§9); a
 * placeholder from the fictional 555-01xx range until the real one is known, like SUPPORT_EMAIL in shared/config.ts.
 */
export const SUPPORT_PHONE = '+1 201 555 0100';
