/** Firmware rollouts (issue 14): waves, thresholds, audio and fault checks, pause/resume/cancel, the step log. */
import type { Domain } from '../../domain';
import { rolloutRoutes } from './rollouts.routes';

export const rolloutsDomain: Domain = { name: 'rollouts', routes: rolloutRoutes };
export { imageInUse } from './rollouts.repo';
