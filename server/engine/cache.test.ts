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

test("past its byte bound the least recently used entries leave until the rest fit", () => {
  const cache = new ResultCache<string>(100, { maxBytes: 10, sizeOf: (text) => text.length });
  cache.set("org|a", "aaaa");
  cache.set("org|b", "bbbb");
  expect(cache.get("org|a")).toBe("aaaa");
  cache.set("org|c", "cccc");
  expect(cache.get("org|b")).toBeUndefined();
  expect(cache.get("org|a")).toBe("aaaa");
  expect(cache.get("org|c")).toBe("cccc");
  expect(cache.size).toBe(2);
  expect(cache.bytes).toBe(8);
});
