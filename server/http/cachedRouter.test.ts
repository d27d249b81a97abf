import { expect, test } from "bun:test";
import { TrieRouter } from "hono/router/trie-router";
import { cacheFigures } from "../caches/registry.ts";
import { CachedRouter } from "./cachedRouter.ts";

const handlers = (router: CachedRouter<string>, method: string, path: string) =>
  router.match(method, path)[0].map(([handler]) => handler);

test("past its bound the least recently matched path is forgotten; answers stay the inner router's", () => {
  const inner = new TrieRouter<string>();
  const router = new CachedRouter(inner, 3);
  router.add("GET", "/items/:id", "item");
  router.add("GET", "/items/stats", "stats");
  let asked = 0;
  const match = inner.match.bind(inner);
  inner.match = (method, path) => {
    asked++;
    return match(method, path);
  };
  for (const id of ["1", "2", "3"]) expect(handlers(router, "GET", `/items/${id}`)).toEqual(["item"]);
  expect(handlers(router, "GET", "/items/1")).toEqual(["item"]);
  expect(asked).toBe(3);
  // A fourth path: /items/2, the least recently matched, is forgotten; /items/1 is not.
  expect(handlers(router, "GET", "/items/stats")).toEqual(["item", "stats"]);
  expect(router.size).toBe(3);
  expect(cacheFigures().find((cache) => cache.name === "router")).toEqual({
    name: "router",
    size: 3,
    max: 3,
  });
  handlers(router, "GET", "/items/1");
  expect(asked).toBe(4);
  expect(handlers(router, "GET", "/items/2")).toEqual(["item"]);
  expect(asked).toBe(5);
  expect(router.size).toBe(3);
});
