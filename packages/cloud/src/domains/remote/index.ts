/** The remote domain: the cloud relay to an amp's device API over MQTT (issue 13; ARCHITECTURE.md "Remote control"). */
import type { Domain } from '../../domain';
import { remoteRoutes } from './remote.routes';

export const remoteDomain: Domain = { name: 'remote', routes: remoteRoutes };
