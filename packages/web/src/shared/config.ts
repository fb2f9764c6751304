/**
 * Product configuration the specs leave out ("support e-mail addresses are present in the product's configuration;
 * they are not reproduced here", spec 1 §9): a placeholder on a reserved example domain until the real one is known.
 */
export const SUPPORT_EMAIL = 'support@rackside.example';

/** Terms of use and privacy policy shown on the cloud sign-in page (spec 1 §2); placeholders like the address above. */
export const TERMS_URL = 'https://rackside.example/terms';
export const PRIVACY_URL = 'https://rackside.example/privacy';

/** spec 1 §2: the China cloud's sign-in page links its ICP filing (the public register of Chinese web sites). */
export const ICP_FILING_URL = 'https://beian.miit.gov.cn/';
