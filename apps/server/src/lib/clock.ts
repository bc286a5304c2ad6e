/** The time as the portal reads it: tests hand services a clock they move themselves. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
