/** Notification delivery (issue 15): the outbox worker, reminders, escalation, digests, quiet hours, links. */
import type { Domain } from '../../domain';
import { notificationsRoutes, type NotificationsOptions } from './notifications.routes';

/** The domain with options (tests: `{ worker: false }`, so that only the worker they tick sends). */
export const createNotificationsDomain = (options: NotificationsOptions = {}): Domain => ({
  name: 'notifications',
  routes: (app, ctx) => notificationsRoutes(app, ctx, options),
});

export const notificationsDomain: Domain = createNotificationsDomain();
export { cancelPending, enqueueNotifications, recipientsOf, type IncidentRef, type Recipient } from './enqueue';
export { startNotificationWorker, type NotificationWorker, type TickReport, type WorkerContext } from './worker';
export { enqueuedSoFar, wakeWorkers } from './signal';
