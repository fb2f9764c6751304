/**
 * The fault-notification benchmark (issue 15): N amps faulting within a second → e-mail and SMS at test servers,
 * beside a bare SMTP send and a bare SMPP submit of the same count in the same run. run.ts prints it
 * (`--only=notifications`).
 */
export { WORKER_SEND_CONCURRENCY, type BareRun } from './baseline';
export { formatNotifications } from './format';
export {
  benchNotifications,
  NOTIFY_P99_TARGET_MS,
  type ChannelResult,
  type NotificationsOptions,
  type NotificationsResult,
  type Stage,
} from './notifications';
