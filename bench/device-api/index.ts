/**
 * Benchmarks of the device API (emulated amp + DeviceClient), each measured next to a bare baseline in the same run
 * (house rule: performance is measured here, never in timed tests). Every function returns its figures; run.ts
 * prints them.
 */
export type { Latency } from '../stats';
export {
  benchRoundTrip,
  ROUND_TRIP_TARGET_RATIO,
  type RoundTripCase,
  type RoundTripOptions,
  type RoundTripResult,
} from './round-trip';
export {
  benchNotifyFanout,
  FANOUT_TARGET_MS,
  FANOUT_TARGET_RATIO,
  type FanoutOptions,
  type FanoutResult,
} from './fanout';
export {
  benchMemory,
  MEMORY_TARGET_BYTES,
  type MemoryFigures,
  type MemoryOptions,
  type MemoryResult,
  type MemorySample,
} from './memory';
export {
  benchInstructions,
  dryRunInstructionChild,
  valgrindVersion,
  type InstructionCase,
  type InstructionFigure,
  type InstructionOptions,
  type InstructionResult,
} from './instructions';
export { formatFanout } from './format-fanout';
