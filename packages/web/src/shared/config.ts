/**
 * Product configuration the specs leave out ("support e-mail addresses are present in the product's configuration;
 * they are not reproduced here", spec 1 §9): a placeholder on a reserved example domain until the real one is known.
 */
export const SUPPORT_EMAIL = 'support@rackside.example';
