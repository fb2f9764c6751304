/** The audit log (issue 21): recording (recorder.ts, settings-tap.ts), the timelines and their CSV, the retention. */
import type { Domain } from '../../domain';
import { auditRoutes } from './audit.routes';

export const auditDomain: Domain = { name: 'audit', routes: auditRoutes };
export { AuditRecorder, recordDeviceEvent, type AuditEntry, type AuditPerson } from './recorder';
export { insertJobStatusAudit } from './audit.repo';
export { SettingsTap, type SettingWritten } from './settings-tap';
export { SettingsCoalescer, SETTING_QUIET_MS } from './settings-coalesce';
