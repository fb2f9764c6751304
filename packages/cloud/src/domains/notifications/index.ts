/** Notification delivery (issue 15): the outbox worker, reminders, escalation, digests, quiet hours, links. */
import type { Domain } from '../../domain';

export const notificationsDomain: Domain = { name: 'notifications', routes: () => undefined };
