/** The devices domain (spec 1 §4 registration, §7 /devices rows; ARCHITECTURE.md "Registration", "Shadow"). */
import type { Domain } from '../../domain';
import type { DeviceHistorySink } from './device-history';
import { devicesRoutes } from './devices.routes';

/** The devices domain with device history going to `history` (tests watch it; default: the log). */
export const devicesDomainWith = (history?: DeviceHistorySink): Domain => ({
  name: 'devices',
  routes: (app, ctx) => devicesRoutes(app, ctx, history),
});
export const devicesDomain: Domain = devicesDomainWith();
export type { DeviceHistoryEntry, DeviceHistorySink } from './device-history';
export { markAllDisconnected } from './devices.repo';
export { DevicesService } from './devices.service';
export { RegistrationService } from './registration.service';
export { brokerAuthenticator, shadowIngestion, type IngestionObservers, type ServiceAccount } from './shadow';
