import type { Result, Router } from "hono/router";
import { LRUCache } from "lru-cache";
import { registerCache } from "../caches/registry.ts";

/** Paths longer than this are matched each time and not remembered (ids fit well below it). */
const MAX_PATH_LENGTH = 256;
/** Method and path pairs remembered, least recently used out first: far more than a screen's calls. */
export const ROUTER_CACHE_ENTRIES = 2000;

/**
 * Remembers the inner router's answer per method and path. The API's routes cannot all go in
 * Hono's RegExpRouter (a parameter beside fixed siblings, e.g. /queries/:name next to
 * /queries/stats), so the app falls back to its TrieRouter, which walks the tree and collects
 * every middleware on each request (~3 us here); the same paths come back again and again. An
 * answer depends only on the method, the path and the routes, and Hono only reads it. Every route
 * is added before the first request; adding one forgets everything remembered.
 */
export class CachedRouter<T> implements Router<T> {
  readonly name: string;
  private readonly answers: LRUCache<string, Result<T>>;

  constructor(
    private readonly inner: Router<T>,
    entries = ROUTER_CACHE_ENTRIES,
  ) {
    this.name = `CachedRouter(${inner.name})`;
    this.answers = new LRUCache<string, Result<T>>({ max: entries });
    registerCache({ name: "router", size: () => this.answers.size, max: () => entries });
  }

  /** Paths remembered (tests). */
  get size() {
    return this.answers.size;
  }

  add(method: string, path: string, handler: T) {
    this.answers.clear();
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MAX_PATH_LENGTH) return this.inner.match(method, path);
    const key = `${method} ${path}`;
    let answer = this.answers.get(key);
    if (!answer) {
      answer = this.inner.match(method, path);
      this.answers.set(key, answer);
    }
    return answer;
  }
}
