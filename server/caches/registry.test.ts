import { expect, test } from "bun:test";
import { boundedCache } from "./bounded.ts";
import { cacheFigures, cacheLine, registerCache } from "./registry.ts";

test("the line names every registered cache with its size over its bound", () => {
  let held = 3;
  registerCache({ name: "registryTestA", size: () => held, max: () => 10 });
  registerCache({
    name: "registryTestB",
    size: () => 1,
    max: () => 2,
    bytes: () => 1_048_576,
    maxBytes: () => 4 * 1_048_576,
  });
  held = 4;
  const line = cacheLine();
  expect(line.startsWith("caches: ")).toBe(true);
  expect(line).toContain(" registryTestA=4/10 ");
  expect(line).toContain(" registryTestB=1/2 registryTestB_mb=1.0/4.0");
  // Registered again under its name: replaced, not listed twice.
  registerCache({ name: "registryTestA", size: () => 0, max: () => 5 });
  expect(cacheFigures().filter((cache) => cache.name === "registryTestA")).toEqual([
    { name: "registryTestA", size: 0, max: 5 },
  ]);
});

test("a bounded cache keeps its bound of entries, least recently used out first, and is listed", () => {
  const cache = boundedCache<number>({ name: "registryTestEntries", max: 3 });
  for (const key of ["a", "b", "c"]) cache.set(key, key.charCodeAt(0));
  expect(cache.get("a")).toBe(97);
  for (const key of ["d", "e"]) cache.set(key, key.charCodeAt(0));
  expect(cache.size).toBe(3);
  expect([...cache.keys()].sort()).toEqual(["a", "d", "e"]);
  expect(cacheLine()).toContain("registryTestEntries=3/3");
});

test("a byte-bounded cache drops the least recently used until it fits, and keeps nothing too big", () => {
  const cache = boundedCache<string>({
    name: "registryTestBytes",
    max: 100,
    maxBytes: 10,
    sizeOf: (text) => text.length,
  });
  cache.set("a", "xxxx");
  cache.set("b", "yyyy");
  cache.get("a");
  cache.set("c", "zzzz");
  expect([...cache.keys()].sort()).toEqual(["a", "c"]);
  expect(cache.calculatedSize).toBe(8);
  cache.set("big", "x".repeat(11));
  expect(cache.has("big")).toBe(false);
  expect(cacheFigures().find((figures) => figures.name === "registryTestBytes")).toEqual({
    name: "registryTestBytes",
    size: 2,
    max: 100,
    bytes: 8,
    maxBytes: 10,
  });
});
