import { describe, expect, test } from "bun:test";
import type { Database } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { LiveHub } from "./hub.ts";
import { ProcessCache } from "./processCache.ts";

/** A database whose NOTIFY reaches the listeners of every hub opened on it (two "processes"). */
function sharedNotify(relistens: Array<() => void> = []) {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const database = {
    async listen(channel: string, onPayload: (payload: string) => void, onListen?: () => void) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(onPayload);
      onListen?.();
      if (onListen) relistens.push(onListen);
      return async () => void set.delete(onPayload);
    },
    async notify(channel: string, payload: string) {
      for (const listener of listeners.get(channel) ?? []) listener(payload);
    },
  } as unknown as Database;
  return async () => {
    const hub = new LiveHub(database, createLogger("text", true));
    await hub.start();
    return hub;
  };
}

const byOwner = (hub: LiveHub, ttlMs = 60_000) =>
  new ProcessCache<{ owner: string }>(hub, {
    topic: "test",
    ttlMs,
    capacity: 2,
    matches: (value, key) => value.owner === key,
  });

describe("ProcessCache", () => {
  test("an invalidation in one hub drops the matching entries of another, and only those", async () => {
    const open = sharedNotify();
    const [a, b] = [await open(), await open()];
    const cache = byOwner(b);
    cache.set("x", { owner: "o1" }, cache.ticket());
    cache.set("y", { owner: "o2" }, cache.ticket());
    await a.invalidate({ topic: "test", key: "o1" });
    expect(cache.get("x")).toBeUndefined();
    expect(cache.get("y")).toEqual({ owner: "o2" });
    await a.invalidate({ topic: "other" });
    expect(cache.get("y")).toEqual({ owner: "o2" });
    await a.invalidate({ topic: "test" });
    expect(cache.get("y")).toBeUndefined();
  });

  test("a read that an invalidation overtook is not stored", async () => {
    const hub = await sharedNotify()();
    const cache = byOwner(hub);
    const ticket = cache.ticket();
    await hub.invalidate({ topic: "test", key: "someone else" });
    cache.set("x", { owner: "o1" }, ticket);
    expect(cache.get("x")).toBeUndefined();
    cache.set("x", { owner: "o1" }, cache.ticket());
    expect(cache.get("x")).toEqual({ owner: "o1" });
  });

  test("listening again after a lost connection empties the cache, and a read begun before is not stored", async () => {
    const relistens: Array<() => void> = [];
    const hub = await sharedNotify(relistens)();
    const cache = byOwner(hub);
    cache.set("x", { owner: "o1" }, cache.ticket());
    const ticket = cache.ticket();
    // The first listen (at start) kept it; the subscriptions made again drop everything.
    expect(cache.get("x")).toEqual({ owner: "o1" });
    for (const listenedAgain of relistens) listenedAgain();
    expect(cache.get("x")).toBeUndefined();
    cache.set("y", { owner: "o2" }, ticket);
    expect(cache.get("y")).toBeUndefined();
  });

  test("entries age out after the TTL, the least recently used goes first past capacity, nothing is served once stopped", async () => {
    const hub = await sharedNotify()();
    const short = byOwner(hub, 20);
    short.set("x", { owner: "o1" }, short.ticket());
    await Bun.sleep(40);
    expect(short.get("x")).toBeUndefined();

    const cache = byOwner(hub);
    for (const key of ["x", "y", "z"]) cache.set(key, { owner: key }, cache.ticket());
    expect(cache.get("x")).toBeUndefined();
    expect(cache.size).toBe(2);

    // Least recently used goes first: a read keeps an entry.
    const used = byOwner(hub);
    used.set("x", { owner: "x" }, used.ticket());
    used.set("y", { owner: "y" }, used.ticket());
    expect(used.get("x")).toEqual({ owner: "x" });
    used.set("z", { owner: "z" }, used.ticket());
    expect(used.size).toBe(2);
    expect(used.get("y")).toBeUndefined();
    expect(used.get("x")).toEqual({ owner: "x" });
    expect(used.get("z")).toEqual({ owner: "z" });
    await hub.stop();
    expect(cache.get("z")).toBeUndefined();
  });
});
