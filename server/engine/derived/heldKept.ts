/**
 * Values made once per organisation-year's data and read on every run (the analyses' prepared
 * tables, querie9's flows, querie11's slices, the filter lists), held in memory as well as kept as
 * files (keptJson.ts). Every kind is held in one store with one bound, least recently used dropped
 * first, whatever its kind: organisation-years (VITALITY_FLOW_CACHE_ENTRIES, each up to
 * VALUES_PER_ORGANISATION_YEAR values) and bytes (VITALITY_FLOW_CACHE_MB, as each kind's `sizeOf`
 * estimates them). One bound, not one per kind: the kind asked for most gets the room, and the
 * bound is the memory all of them may take (four bounds of 256 MB let them take a gigabyte at 500
 * organisations). Runs asking for the same key at the same time share one read; a failed read is
 * not held. Callers must not modify what they get: it is shared.
 *
 * Past its room (ROOM_SHARE of its bytes, or all its entries) the store holds a value read for a
 * run only when that key was read and turned away before, among its last turned-away keys: a value
 * asked for again soon is held, the least recently used going to make room; a value asked for once
 * serves its run and is dropped young. Holding every value read pushed out one held for long on
 * each read; at 500 organisations, where a process holds a sixth of the organisation-years'
 * prepared tables, that was a value dropped on most answers, old enough that only the collector's
 * full passes freed it: the process grew to 3.8 GB in a minute on 1.2 GB of live values
 * (bench/README.md, session 30).
 */
import { boundedCache } from "../../caches/bounded.ts";
import { currentCacheLimits } from "../../caches/limits.ts";
import { registerCache } from "../../caches/registry.ts";

/** A store filled beyond this share of its bytes takes no more values that a caller may do without. */
const ROOM_SHARE = 0.8;

/**
 * The values one organisation-year may hold: up to 16 analyses' prepared tables, its flows, its
 * slices and its filter lists, so that the entries' bound counts organisation-years.
 */
export const VALUES_PER_ORGANISATION_YEAR = 20;

/** The store's bound: values held at most, and their estimated bytes. */
export interface HeldLimits {
  values: number;
  bytes: number;
}

/** The bound configured (VITALITY_FLOW_CACHE_ENTRIES organisation-years, VITALITY_FLOW_CACHE_MB). */
function configuredLimits(): HeldLimits {
  const { flowEntries, flowBytes } = currentCacheLimits();
  return { values: flowEntries * VALUES_PER_ORGANISATION_YEAR, bytes: flowBytes };
}

export interface HeldValues<Value> {
  /** The value held under `key`, else `read`'s (held once it succeeds). */
  get(key: string, read: () => Promise<Value>): Promise<Value>;
  /** The value held under `key` now, without reading it. */
  peek(key: string): Value | undefined;
  /** Whether one more value would fit without pushing another out (the bound is not nearly reached). */
  hasRoom(): boolean;
  /**
   * Forgets the values of this kind held; with `limits` other than the store's, forgets every
   * value and holds at most those from now on (tests past the bound; without, the configured ones).
   */
  forget(limits?: HeldLimits): void;
  /** The keys of this kind held, most recently used first (tests of the bound). */
  keys(): string[];
}

/** A kind's size estimate and what it holds now (its figures on the `caches:` line). */
interface Kind {
  sizeOf(value: never): number;
  entries: number;
  bytes: number;
}

const kinds = new Map<string, Kind>();

/** The store's key of a kind's key: the kind's name first, so that two kinds' keys never meet. */
const storeKey = (kind: string, key: string) => `${kind}:${key}`;
const kindOf = (key: string) => kinds.get(key.slice(0, key.indexOf(":")))!;

function storeOf(limits: HeldLimits) {
  /** Each held value's estimated bytes, so that a value dropped gives its kind's figures back. */
  const sizes = new Map<string, number>();
  const values = boundedCache<object>({
    name: "held",
    max: limits.values,
    maxBytes: Math.max(1, limits.bytes),
    sizeOf: (_value, key) => sizes.get(key) ?? 1,
    dispose: (_value, key) => {
      const kind = kindOf(key);
      kind.entries -= 1;
      kind.bytes -= sizes.get(key) ?? 0;
      sizes.delete(key);
    },
  });
  return {
    limits,
    values,
    /**
     * The keys read past the room and not held, most recent first (a second read holds its value):
     * as many as the values held, about 150 characters each.
     */
    turnedAway: boundedCache<true>({ name: "heldTurnedAway", max: limits.values }),
    hold(key: string, value: object) {
      if (values.has(key)) return;
      const size = Math.max(1, kindOf(key).sizeOf(value as never));
      sizes.set(key, size);
      values.set(key, value);
      // A value bigger than the whole bound is not held.
      if (!values.has(key)) return sizes.delete(key);
      const kind = kindOf(key);
      kind.entries += 1;
      kind.bytes += size;
    },
  };
}

let store = storeOf(configuredLimits());
/** Runs reading a value not held, by store key: each would be held. */
const reading = new Map<string, Promise<unknown>>();

/** Replaces the store (every value forgotten) with one of other limits. */
function renewStore(limits: HeldLimits) {
  for (const kind of kinds.values()) Object.assign(kind, { entries: 0, bytes: 0 });
  store = storeOf(limits);
}

/** Whether the store holds less than its room with `more` values besides: a value read may be held without pushing one out. */
function hasRoom(more = 0) {
  const { values, limits } = store;
  return values.size + more < values.max && values.calculatedSize < ROOM_SHARE * limits.bytes;
}

/**
 * Drops the values held for an organisation (every organisation without one): its data changed,
 * so they are of a data version no run asks for any more, and held they would only fill the bound
 * until pushed out (a practice sending an extract a day fills 256 organisation-years in a few
 * months; the soak's 60 a hour in four hours). The keys are kept files' paths, under the
 * organisation's own folder; a value still in use is read from its file again.
 */
export function dropHeldValuesOf(organisationId: string | undefined) {
  const concerns = (key: string) => organisationId === undefined || key.includes(`/${organisationId}/`);
  for (const cache of [store.values, store.turnedAway])
    for (const key of [...cache.keys()]) if (concerns(key)) cache.delete(key);
}

/** A kind of held value, named as it is listed on the `caches:` line with its share of the store. */
export function heldValues<Value extends object>(
  name: string,
  sizeOf: (value: Value) => number,
): HeldValues<Value> {
  const kind: Kind = { sizeOf: sizeOf as Kind["sizeOf"], entries: 0, bytes: 0 };
  kinds.set(name, kind);
  registerCache({
    name,
    size: () => kind.entries,
    max: () => store.values.max,
    bytes: () => kind.bytes,
    maxBytes: () => store.limits.bytes,
  });
  const ownKeys = () => {
    const prefix = storeKey(name, "");
    return [...store.values.keys()].filter((key) => key.startsWith(prefix));
  };
  return {
    async get(key, read) {
      const at = storeKey(name, key);
      const known = store.values.get(at) as Value | undefined;
      if (known) return known;
      let pending = reading.get(at) as Promise<Value> | undefined;
      if (!pending) {
        const into = store;
        pending = read()
          .then((value) => {
            if (into === store && (hasRoom() || into.turnedAway.delete(at))) into.hold(at, value);
            else into.turnedAway.set(at, true);
            return value;
          })
          .finally(() => reading.delete(at));
        reading.set(at, pending);
      }
      return pending;
    },
    peek: (key) => store.values.peek(storeKey(name, key)) as Value | undefined,
    // The values being read count: each would be held.
    hasRoom: () => hasRoom(reading.size),
    forget(limits = configuredLimits()) {
      if (limits.values !== store.limits.values || limits.bytes !== store.limits.bytes) renewStore(limits);
      else for (const key of ownKeys()) store.values.delete(key);
    },
    keys: () => ownKeys().map((key) => key.slice(name.length + 1)),
  };
}
