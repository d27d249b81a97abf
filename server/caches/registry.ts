/**
 * The one list of every in-process cache, so a process can say how full its memory is: each cache
 * registers its name, its size and its bound when it is made, and cacheLine() prints them all (the
 * server logs it when it stops; the tenant benchmark reads that line). What each cache holds and
 * why its bound is what it is: docs/caches.md.
 */

export interface RegisteredCache {
  /** Short and unique, one word: it is a key of the `caches:` line. */
  name: string;
  /** Entries held now. */
  size(): number;
  /** Entries held at most. */
  max(): number;
  /** Bytes held now (an estimate), for caches bounded by bytes too. */
  bytes?(): number;
  /** Bytes held at most. */
  maxBytes?(): number;
}

export interface CacheFigures {
  name: string;
  size: number;
  max: number;
  bytes?: number;
  maxBytes?: number;
}

const caches = new Map<string, RegisteredCache>();

/**
 * Adds a cache to the list. A cache made again under the same name (a second app in one test
 * process, a cache rebuilt with new limits) replaces the earlier one: a server process has one of each.
 */
export function registerCache(cache: RegisteredCache) {
  caches.set(cache.name, cache);
}

/** The figures of every registered cache, in the order they were first registered. */
export function cacheFigures(): CacheFigures[] {
  return [...caches.values()].map((cache) => {
    const figures: CacheFigures = { name: cache.name, size: cache.size(), max: cache.max() };
    if (cache.bytes && cache.maxBytes) {
      figures.bytes = cache.bytes();
      figures.maxBytes = cache.maxBytes();
    }
    return figures;
  });
}

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/**
 * One line, `caches: answers=123/500 answers_mb=3.1/256.0 flows=4/64 ...`: every cache's entries
 * over its bound, and for byte-bounded caches the megabytes over theirs.
 */
export function cacheLine(figures = cacheFigures()): string {
  const parts = figures.flatMap((cache) => {
    const entries = `${cache.name}=${cache.size}/${cache.max}`;
    if (cache.bytes === undefined || cache.maxBytes === undefined) return [entries];
    return [entries, `${cache.name}_mb=${megabytes(cache.bytes)}/${megabytes(cache.maxBytes)}`];
  });
  return `caches: ${parts.join(" ")}`;
}
