export * from './amp';
export * from './api/index';
export * from './cloud/agent';
export * from './cloud/registration';
export * from './control/fault-arg';
export * from './control/routes';
export * from './firmware/image';
export {
  buildReleaseZip,
  releaseZipEntries,
  RELEASE_NOTES_NAME,
  type BuildReleaseZipOptions,
} from './firmware/release-zip';
export * from './firmware/updater';
export * from './fleet';
export * from './http/server';
export * from './identity';
export * from './persistence';
export * from './sim/faults';
export * from './sim/logs';
export * from './sim/physics';
export * from './tcp/line-api';
export * from './cloud/mqtt-connector';
