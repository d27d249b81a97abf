/** Reconnect delays of the live channel: 1 s, 2 s, 4 s ... capped at 30 s, with up to 20% jitter. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  // Jitter spreads the reconnections of many tabs after a server restart.
  return Math.round(exponential * (1 - 0.2 * random()));
}
