/**
 * An in-process cache of database state that other server processes can change. It is trusted only
 * while the process hears cache invalidations (LiveHub.listening), so:
 *   - a writer, after its commit, calls LiveHub.invalidate({ topic, key }): this process drops the
 *     matching entries at once, every other process when the NOTIFY reaches it (milliseconds);
 *   - when the listening connection was lost and made again (NOTIFYs of the gap never heard), every
 *     entry is dropped (LiveHub.onReset);
 *   - an entry lives at most `ttlMs` anyway: the bound on staleness should a NOTIFY be missed
 *     otherwise (a connection that died without closing, a writer outside the server);
 *   - a value read from the database is stored with the ticket taken before the read: if any
 *     invalidation of the topic arrived meanwhile, the read may predate the change and is not stored.
 */
import { LRUCache } from "lru-cache";
import { registerCache } from "../caches/registry.ts";
import type { LiveHub } from "./hub.ts";

export interface ProcessCacheOptions<Value> {
  /** The invalidation topic this cache answers to. */
  topic: string;
  /** How long an entry is trusted without an invalidation (milliseconds). */
  ttlMs: number;
  /** Entries kept at most; the least recently used is dropped first. */
  capacity: number;
  /** Listed in the cache registry (server/caches/registry.ts) under this name. */
  name?: string;
  /** Whether an invalidation's key concerns this entry (absent key: every entry). */
  matches(value: Value, key: string): boolean;
}

interface Entry<Value> {
  value: Value;
  storedAt: number;
}

export class ProcessCache<Value> {
  private readonly entries: LRUCache<string, Entry<Value>>;
  private generation = 0;

  constructor(
    private readonly hub: LiveHub,
    private readonly options: ProcessCacheOptions<Value>,
  ) {
    this.entries = new LRUCache<string, Entry<Value>>({ max: Math.max(1, options.capacity) });
    if (options.name)
      registerCache({ name: options.name, size: () => this.entries.size, max: () => this.entries.max });
    hub.onReset(() => {
      this.generation++;
      this.entries.clear();
    });
    hub.onInvalidation((message) => {
      if (message.topic !== options.topic) return;
      this.generation++;
      const { key } = message;
      if (key === undefined) {
        this.entries.clear();
        return;
      }
      const concerned = [...this.entries.entries()].filter(([, entry]) => options.matches(entry.value, key));
      for (const [name] of concerned) this.entries.delete(name);
    });
  }

  get(key: string): Value | undefined {
    if (!this.hub.listening) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (performance.now() - entry.storedAt > this.options.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Take it before reading the database; set() stores nothing if an invalidation came since. */
  ticket(): number {
    return this.generation;
  }

  set(key: string, value: Value, ticket: number) {
    if (ticket !== this.generation || !this.hub.listening) return;
    this.entries.set(key, { value, storedAt: performance.now() });
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }
}

/** One cache per hub (a hub is one server process's, or one test app's). */
export function perHub<Value>(create: (hub: LiveHub) => ProcessCache<Value>) {
  const caches = new WeakMap<LiveHub, ProcessCache<Value>>();
  return (hub: LiveHub) => {
    let cache = caches.get(hub);
    if (!cache) {
      cache = create(hub);
      caches.set(hub, cache);
    }
    return cache;
  };
}
