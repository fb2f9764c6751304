/** The React console arrives with the local-console issue; until then this package only reserves its place. */
export const WEB_APP_PLANNED = true;
