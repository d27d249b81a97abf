/**
 * Values an analysis makes once per organisation-year's data and reads on every run (querie9's
 * flows, querie11's slices), held in memory as well as kept as files (keptJson.ts): a bounded
 * cache, least recently used dropped first, by organisation-years (VITALITY_FLOW_CACHE_ENTRIES)
 * and bytes (VITALITY_FLOW_CACHE_MB, as `sizeOf` estimates them). Runs asking for the same key at
 * the same time share one read; a failed read is not held. Callers must not modify what they get:
 * it is shared.
 *
 * Past its room (ROOM_SHARE of its bytes, or all its entries) a cache holds a value read for a run
 * only when that key was read and turned away before, among its last turned-away keys (as many as
 * VITALITY_FLOW_CACHE_ENTRIES): a value asked for again soon is held, the least recently used going to make
 * room; a value asked for once serves its run and is dropped young. Holding every value read
 * pushed out one held for long on each read; at 500 organisations, where a process holds a sixth
 * of the organisation-years' prepared tables, that was a value dropped on most answers, old
 * enough that only the collector's full passes freed it: the process grew to 3.8 GB in a minute
 * on 1.2 GB of live values (bench/README.md, session 30).
 */
import { boundedCache } from "../../caches/bounded.ts";
import { currentCacheLimits } from "../../caches/limits.ts";
import type { CacheLimits } from "../../config.ts";

/** A cache filled beyond this share of its bytes takes no more values that a caller may do without. */
const ROOM_SHARE = 0.8;

export type HeldLimits = Pick<CacheLimits, "flowEntries" | "flowBytes">;

export interface HeldValues<Value> {
  /** The value held under `key`, else `read`'s (held once it succeeds). */
  get(key: string, read: () => Promise<Value>): Promise<Value>;
  /** The value held under `key` now, without reading it. */
  peek(key: string): Value | undefined;
  /** Whether one more value would fit without pushing another out (the bound is not nearly reached). */
  hasRoom(): boolean;
  /** Forgets every value held; with `limits`, holds at most those from now on (tests past the bound). */
  forget(limits?: HeldLimits): void;
  /** The keys held, most recently used first (tests of the bound). */
  keys(): string[];
  /** Drops the values whose key `concerns`. */
  drop(concerns: (key: string) => boolean): void;
}

/** Every cache made here, so that a data change drops its organisation's values from all of them. */
const everyHeld: Pick<HeldValues<never>, "drop">[] = [];

/**
 * Drops the values held for an organisation (every organisation without one) from every cache made
 * here: its data changed, so they are of a data version no run asks for any more, and held they
 * would only fill the bound until pushed out (a practice sending an extract a day fills 256
 * organisation-years in a few months; the soak's 60 a hour in four hours). The keys are kept
 * files' paths, under the organisation's own folder; a value still in use is read from its file
 * again.
 */
export function dropHeldValuesOf(organisationId: string | undefined) {
  for (const held of everyHeld)
    held.drop((key) => organisationId === undefined || key.includes(`/${organisationId}/`));
}

/**
 * `perOrganisationYear`: the values one organisation-year may hold (prepared tables: one per
 * analysis), so that the entries' bound counts organisation-years as VITALITY_FLOW_CACHE_ENTRIES says.
 */
export function heldValues<Value extends {}>(
  name: string,
  sizeOf: (value: Value) => number,
  perOrganisationYear = 1,
): HeldValues<Value> {
  const cacheOf = (limits: HeldLimits = currentCacheLimits()) =>
    boundedCache<Value>({
      name,
      max: limits.flowEntries * perOrganisationYear,
      maxBytes: limits.flowBytes,
      sizeOf,
    });
  /** The keys read past the room and not held, most recent first (a second read holds its value). */
  const turnedAwayOf = (limits: HeldLimits = currentCacheLimits()) =>
    boundedCache<true>({ name: `${name}TurnedAway`, max: limits.flowEntries });
  let held = cacheOf();
  let turnedAway = turnedAwayOf();
  const reading = new Map<string, Promise<Value>>();
  /**
   * Whether `cache` holds less than its room with `more` values besides: a value read may be held
   * without pushing one out.
   */
  const roomIn = (cache: typeof held, more = 0) =>
    cache.size + more < cache.max &&
    cache.calculatedSize < ROOM_SHARE * (cache.maxSize || Number.POSITIVE_INFINITY);
  const values: HeldValues<Value> = {
    async get(key, read) {
      const known = held.get(key);
      if (known) return known;
      let pending = reading.get(key);
      if (!pending) {
        const cache = held;
        const declined = turnedAway;
        pending = read()
          .then((value) => {
            if (roomIn(cache) || declined.delete(key)) cache.set(key, value);
            else declined.set(key, true);
            return value;
          })
          .finally(() => reading.delete(key));
        reading.set(key, pending);
      }
      return pending;
    },
    peek: (key) => held.peek(key),
    // The values being read count: each would be held.
    hasRoom: () => roomIn(held, reading.size),
    forget(limits) {
      held = cacheOf(limits);
      turnedAway = turnedAwayOf(limits);
    },
    keys: () => [...held.keys()],
    drop(concerns) {
      for (const key of [...held.keys()]) if (concerns(key)) held.delete(key);
      for (const key of [...turnedAway.keys()]) if (concerns(key)) turnedAway.delete(key);
    },
  };
  everyHeld.push(values);
  return values;
}
