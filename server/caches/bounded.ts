/**
 * A least-recently-used cache (lru-cache) bounded by entries and, optionally, by bytes, and listed
 * in the cache registry under its name. Every module-level cache of the server is made here.
 */
import { LRUCache } from "lru-cache";
import { registerCache } from "./registry.ts";

export interface BoundedCacheOptions<Value> {
  /** Its key on the `caches:` line (registry.ts). */
  name: string;
  /** Entries kept at most (at least 1). */
  max: number;
  /** Bytes kept at most, as measured by sizeOf; an entry bigger than this is not kept. */
  maxBytes?: number;
  /** The bytes an entry holds (an estimate is fine; it must be at least 1). Required with maxBytes. */
  sizeOf?: (value: Value, key: string) => number;
}

export function boundedCache<Value extends {}>(options: BoundedCacheOptions<Value>): LRUCache<string, Value> {
  const { maxBytes, sizeOf } = options;
  if (maxBytes !== undefined && !sizeOf) throw new Error(`cache ${options.name}: maxBytes needs sizeOf`);
  const cache = new LRUCache<string, Value>({
    max: Math.max(1, options.max),
    ...(maxBytes !== undefined && sizeOf
      ? { maxSize: maxBytes, sizeCalculation: (value: Value, key: string) => Math.max(1, sizeOf(value, key)) }
      : {}),
  });
  registerCache({
    name: options.name,
    size: () => cache.size,
    max: () => cache.max,
    ...(maxBytes !== undefined ? { bytes: () => cache.calculatedSize, maxBytes: () => maxBytes } : {}),
  });
  return cache;
}
