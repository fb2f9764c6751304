/**
 * `@rackside/cloud/testing`: the cloud's test helpers that need no test runner, for the benchmarks (bench/cloud/):
 * migrated databases made once and copied, and the route-test factories that make users, venues and devices through
 * the API.
 */
export {
  createTestDb,
  createThrowawayPostgres,
  migratedPgliteFolder,
  testDrivers,
  type TestDriver,
  type ThrowawayPostgres,
} from './databases';
export { call, createSignedInUser, createVenue, registerDevice } from './factories';
export { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp-server';
export { startTestSmppServer } from './smpp-server';
export { cloudProcess, type CloudProcess, type CloudProcessOptions } from './cloud-process';
