import { expect, test } from "bun:test";
import { ResultCache } from "./cache.ts";

test("the least recently used entry leaves first", () => {
  const cache = new ResultCache<number>(2);
  cache.set("org|a", 1);
  cache.set("org|b", 2);
  expect(cache.get("org|a")).toBe(1);
  cache.set("org|c", 3);
  expect(cache.get("org|b")).toBeUndefined();
  expect(cache.get("org|a")).toBe(1);
  cache.dropOrganisation("org");
  expect(cache.size).toBe(0);
});

test("a cache of size 0 keeps nothing", () => {
  const cache = new ResultCache<number>(0);
  cache.set("k", 1);
  expect(cache.get("k")).toBeUndefined();
});
