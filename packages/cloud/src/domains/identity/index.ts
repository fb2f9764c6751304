/** The identity domain: accounts, sessions and codes (spec 1 §7 identity service). */
import type { Domain } from '../../domain';
import { identityRoutes } from './identity.routes';

export const identityDomain: Domain = { name: 'identity', routes: identityRoutes };
export { IdentityService } from './identity.service';
