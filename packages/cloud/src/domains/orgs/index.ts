/** The organisations domain: organisations, members, roles and invitations (issue 21, docs/adr/0008). */
import type { Domain } from '../../domain';
import { orgsRoutes } from './orgs.routes';

export const orgsDomain: Domain = { name: 'orgs', routes: orgsRoutes };
export { findDeviceWith, ensurePersonalOrganisation } from './orgs.repo';
