/** Time source; tests replace it to cross expiry boundaries without sleeping. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
