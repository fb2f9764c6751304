/** Where the service reads the time: tests pass a clock they can move, so that expiry is tested without waiting. */
export interface Clock {
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };
