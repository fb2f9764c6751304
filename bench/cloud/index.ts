/**
 * Benchmarks of the cloud service (packages/cloud), each printed next to a bare baseline measured in the same run
 * (house rule: performance is measured here, never in timed tests). run.ts prints them (`--only=cloud`).
 *
 * The cloud, the bare servers and the subscriber run in this process; the agents and the load generator in child
 * processes, so that on two cores the process under test has one core to itself (as far as the machine's load lets).
 */
export type { Latency } from '../stats';
export { DEFAULT_POSTGRES_URL, type CloudDriver } from './cloud-under-test';
export { formatIngest, formatRest } from './format';
export {
  benchShadowIngest,
  INGEST_P99_TARGET_MS,
  INGEST_TARGET_AMPS,
  PROFILE_MAX_AMPS,
  REGISTERED_THROUGH_API,
  type BareStep,
  type IngestOptions,
  type IngestResult,
  type IngestRun,
  type IngestStep,
} from './ingest';
export type { ShadowPayload } from './payload';
export type { CpuProfileSummary } from './profile';
export { benchRest, type RestCase, type RestOptions, type RestResult } from './rest';
