/**
 * Results of analysis runs (and drive-time polygons), in memory, least recently used dropped first
 * (lru-cache), bounded by entries and optionally by bytes. The key holds the data versions of the
 * year (practice upload and market uploads), the organisation's dimensions, the plugin fingerprint
 * and the normalised filters: new data means a new key, so a stale result is never read again and
 * simply ages out.
 */
import { LRUCache } from "lru-cache";
import { registerCache } from "../caches/registry.ts";

export interface ResultCacheOptions<Value> {
  /** Listed in the cache registry (server/caches/registry.ts) under this name. */
  name?: string;
  /** Bytes kept at most, as sizeOf counts them; an entry bigger than this is not kept. */
  maxBytes?: number;
  sizeOf?: (value: Value) => number;
}

export class ResultCache<Value extends {}> {
  /** Undefined for a capacity of 0: nothing is kept. */
  private readonly entries: LRUCache<string, Value> | undefined;

  constructor(
    readonly capacity: number,
    options: ResultCacheOptions<Value> = {},
  ) {
    const { maxBytes, sizeOf } = options;
    if (capacity > 0)
      this.entries = new LRUCache<string, Value>({
        max: capacity,
        ...(maxBytes !== undefined && sizeOf
          ? { maxSize: maxBytes, sizeCalculation: (value: Value) => Math.max(1, sizeOf(value)) }
          : {}),
      });
    if (options.name)
      registerCache({
        name: options.name,
        size: () => this.size,
        max: () => capacity,
        ...(maxBytes !== undefined ? { bytes: () => this.bytes, maxBytes: () => maxBytes } : {}),
      });
  }

  get(key: string): Value | undefined {
    return this.entries?.get(key);
  }

  set(key: string, value: Value) {
    this.entries?.set(key, value);
  }

  /** Drops every entry of an organisation (e.g. after its profile changed) - versions make it optional. */
  dropOrganisation(organisationId: string) {
    if (!this.entries) return;
    for (const key of [...this.entries.keys()])
      if (key.startsWith(`${organisationId}|`)) this.entries.delete(key);
  }

  get size() {
    return this.entries?.size ?? 0;
  }

  /** Bytes held, as sizeOf counts them (0 without a byte bound). */
  get bytes() {
    return this.entries?.calculatedSize ?? 0;
  }
}
