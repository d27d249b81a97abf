/**
 * The tunable cache bounds (server/config.ts cacheLimits), read from the environment once, when
 * the first cache is made: module-level caches exist before any Config is passed around.
 */
import { type CacheLimits, cacheLimits } from "../config.ts";

let limits: CacheLimits | undefined;

export function currentCacheLimits(): CacheLimits {
  limits ??= cacheLimits();
  return limits;
}
