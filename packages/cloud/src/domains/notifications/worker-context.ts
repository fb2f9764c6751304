import type { DomainContext } from '../../domain';

/** What the delivery worker needs of the app. */
export type WorkerContext = Pick<DomainContext, 'config' | 'db' | 'mailer' | 'sms' | 'clock' | 'tokens'>;
