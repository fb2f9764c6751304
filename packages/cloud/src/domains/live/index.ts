/**
 * The live stream (issue 20): Server-Sent Events per signed-in user with the changes of the user's amps (online and
 * offline, incidents, firmware progress), across cloud nodes through PostgreSQL LISTEN/NOTIFY (changes.ts, notifier.ts).
 */
import { LIVE_PING_MS } from '@rackside/protocol';
import type { Domain } from '../../domain';
import { liveRoutes, type LiveOptions } from './live.routes';

/** Streams one user may hold open on one node (a constant until config.ts gets LIVE_STREAMS_PER_USER). */
export const LIVE_MAX_STREAMS_PER_USER = 16;

/** The live domain with other settings (tests shorten the ping). */
export const createLiveDomain = (options: Partial<LiveOptions> = {}): Domain => ({
  name: 'live',
  routes: liveRoutes({ pingMs: LIVE_PING_MS, maxStreamsPerUser: LIVE_MAX_STREAMS_PER_USER, ...options }),
});

export const liveDomain: Domain = createLiveDomain();
export { notifyLive, type LiveChanges } from './changes';
export { backendOf, type LiveBackend } from './notifier';
