/** The audit screens, in their own chunk: loaded by `loadAuditScreens` (index.ts) when one is first shown. */
export { OrgAuditPage, VenueAuditPage, AmpAuditPage } from './components/audit-pages';
export { AuditTimeline } from './components/audit-timeline';
