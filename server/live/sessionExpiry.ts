import type { Clock } from "../clock.ts";

/**
 * The longest one timer waits before reading the clock again: a machine that slept, or a clock
 * that moved, is noticed within this (setTimeout also caps a delay at about 24.8 days).
 */
export const EXPIRY_RECHECK_MS = 60 * 60 * 1000;

export interface ExpiryWatch {
  /** True once the session has expired (calling onExpired the first time it is seen). */
  expired(): boolean;
  stop(): void;
}

/**
 * Watches a session's fixed expiry for an open socket: a timer fires at the expiry (re-armed at
 * most every EXPIRY_RECHECK_MS), and expired() lets each push check first, so a message never
 * reaches a socket whose session has ended by time alone (no logout, no revoke: nothing else
 * would tell the socket). onExpired runs once.
 */
export function watchSessionExpiry(clock: Clock, expiresAt: number, onExpired: () => void): ExpiryWatch {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ended = false;
  const end = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    ended = true;
  };
  const expired = () => {
    if (ended) return true;
    const left = expiresAt - clock.now().getTime();
    if (left > 0) return false;
    end();
    onExpired();
    return true;
  };
  const arm = () => {
    if (expired()) return;
    const left = expiresAt - clock.now().getTime();
    timer = setTimeout(arm, Math.min(left, EXPIRY_RECHECK_MS));
  };
  arm();
  return { expired, stop: end };
}
