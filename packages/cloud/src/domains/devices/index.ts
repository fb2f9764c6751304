/** The devices domain (spec 1 §4 registration, §7 /devices rows; ARCHITECTURE.md "Registration", "Shadow"). */
import type { Domain } from '../../domain';
import { devicesRoutes } from './devices.routes';

export const devicesDomain: Domain = { name: 'devices', routes: devicesRoutes };
export { markAllDisconnected } from './devices.repo';
export { DevicesService } from './devices.service';
export { RegistrationService } from './registration.service';
export { brokerAuthenticator, shadowIngestion, type IngestionObservers, type ServiceAccount } from './shadow';
