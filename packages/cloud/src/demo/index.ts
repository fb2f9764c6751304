/**
 * `@rackside/cloud/demo`: the demo seed and the REST client it drives, for callers that talk to a running cloud
 * over HTTP (the end-to-end flows) and must not load the server with it.
 */
export { CloudApiError, cloudClient, type CloudClient, type CloudFetch } from './cloud-client';
export {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_VENUES,
  demoVenueOf,
  seedDemo,
  type DemoAmp,
  type DemoFirmware,
  type DemoSeed,
  type SeedDemoOptions,
} from './seed';
