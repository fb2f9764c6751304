/**
 * The audit timeline (issue 21). What other features show at once is light: the amp detail's link to the amp's
 * timeline. The screens — the organisation's /activity, a venue's, an amp's — load with `loadAuditScreens`.
 */
export { AmpActivityLink } from './components/activity-links';
export { AUDIT_NS } from './audit-i18n';

export const loadAuditScreens = () => import('./screens');
