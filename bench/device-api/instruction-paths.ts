/**
 * The paths the instruction count measures, one child process each (instructions.ts), in the order the child runs
 * them when it runs them all: Rackside's (client), the emulator's share (raw ws → amp; for the fan-out, the amp's notify
 * to raw ws subscribers), the target's baseline (bare) and the JSON baseline (json), for get, set and the fan-out.
 */
export const PATHS = [
  'client get',
  'raw get',
  'bare get',
  'json get',
  'client set',
  'raw set',
  'bare set',
  'json set',
  'client fanout',
  'raw fanout',
  'bare fanout',
  'json fanout',
] as const;
export type PathName = (typeof PATHS)[number];
