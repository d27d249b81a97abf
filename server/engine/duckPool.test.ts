import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cacheFigures } from "../caches/registry.ts";
import {
  closeDuckPools,
  leaseDuck,
  MAX_POOLS,
  openDuckPoolFolders,
  runPoolSize,
  singleThreadPoolSize,
} from "./duckPool.ts";

const folders = Array.from({ length: MAX_POOLS + 2 }, () =>
  realpathSync(mkdtempSync(join(tmpdir(), "vitality-pool-"))),
);

afterAll(() => {
  closeDuckPools();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const use = async (dataDir: string) => {
  const lease = await leaseDuck({ dataDir, size: 1 });
  try {
    const [row] = await lease.duck.all<{ answer: number }>("SELECT 40 + 2 AS answer");
    return Number(row?.answer);
  } finally {
    lease.release();
  }
};

test("at most MAX_POOLS pools stay open: the least recently leased idle one closes first", async () => {
  closeDuckPools();
  for (const folder of folders.slice(0, MAX_POOLS)) expect(await use(folder)).toBe(42);
  // The first folder is leased again: the second is now the least recently leased.
  expect(await use(folders[0]!)).toBe(42);
  expect(await use(folders[MAX_POOLS]!)).toBe(42);
  expect(await use(folders[MAX_POOLS + 1]!)).toBe(42);
  const open = openDuckPoolFolders();
  expect(open.length).toBe(MAX_POOLS);
  expect(open).not.toContain(folders[1]!);
  expect(open).not.toContain(folders[2]!);
  expect(open).toContain(folders[0]!);
  expect(cacheFigures().find((cache) => cache.name === "duckPools")).toEqual({
    name: "duckPools",
    size: MAX_POOLS,
    max: MAX_POOLS,
  });
  // A closed folder's pool opens again on demand and answers as before.
  expect(await use(folders[1]!)).toBe(42);
});

test("a pool in use is not closed to make room", async () => {
  closeDuckPools();
  const held = await leaseDuck({ dataDir: folders[0]!, size: 1 });
  try {
    for (const folder of folders.slice(1)) expect(await use(folder)).toBe(42);
    expect(openDuckPoolFolders()).toContain(folders[0]!);
    expect(openDuckPoolFolders().length).toBeLessThanOrEqual(MAX_POOLS);
  } finally {
    held.release();
  }
});

test("a burst of leases opens no more connections than the pool's size; the rest wait their turn", async () => {
  closeDuckPools(); // duckConnections counts every pool's
  const size = 2;
  const leases = Array.from({ length: 12 }, () => leaseDuck({ dataDir: folders[0]!, size }));
  const first = await Promise.race([Promise.all(leases.slice(0, size)), Bun.sleep(20_000)]);
  expect(Array.isArray(first)).toBe(true);
  const held = first as Awaited<(typeof leases)[number]>[];
  const connections = () => cacheFigures().find((cache) => cache.name === "duckConnections")!.size;
  expect(connections()).toBe(size);
  // Each release hands its connection to the next lease in line: the burst finishes on two.
  let done = 0;
  for (const lease of held) lease.release();
  for (const pending of leases.slice(size)) {
    const lease = await pending;
    const [row] = await lease.duck.all<{ answer: number }>("SELECT 40 + 2 AS answer");
    expect(Number(row?.answer)).toBe(42);
    lease.release();
    done++;
  }
  expect(done).toBe(10);
  expect(new Set(await Promise.all(leases.map(async (lease) => (await lease).duck))).size).toBe(size);
  expect(connections()).toBe(size);
});

test("single-thread runs get one connection per core (2 to 4), or VITALITY_RUN_CONNECTIONS", () => {
  expect(singleThreadPoolSize({}, 1)).toBe(2);
  expect(singleThreadPoolSize({}, 2)).toBe(2);
  expect(singleThreadPoolSize({}, 4)).toBe(4);
  expect(singleThreadPoolSize({}, 64)).toBe(4);
  expect(singleThreadPoolSize({ VITALITY_RUN_CONNECTIONS: "6" }, 2)).toBe(6);
  expect(singleThreadPoolSize({ VITALITY_RUN_CONNECTIONS: "" }, 2)).toBe(2);
  expect(() => singleThreadPoolSize({ VITALITY_RUN_CONNECTIONS: "0" }, 2)).toThrow(
    "VITALITY_RUN_CONNECTIONS",
  );
  expect(() => singleThreadPoolSize({ VITALITY_RUN_CONNECTIONS: "many" }, 2)).toThrow(
    "VITALITY_RUN_CONNECTIONS",
  );
});

test("a pool of single-thread runs opens its connections and its DuckDB keeps a smaller memory limit", async () => {
  closeDuckPools();
  const size = runPoolSize({ dataDir: folders[0]!, threads: 1 });
  expect(size).toBe(singleThreadPoolSize());
  const leases = await Promise.all(
    Array.from({ length: size }, () => leaseDuck({ dataDir: folders[0]!, threads: 1 })),
  );
  expect(new Set(leases.map((lease) => lease.duck)).size).toBe(size);
  const [row] = await leases[0]!.duck.all<{ limit: string; threads: number }>(
    "SELECT current_setting('memory_limit') AS limit, current_setting('threads')::INTEGER AS threads",
  );
  expect(row).toEqual({ limit: "488.2 MiB", threads: 1 });
  for (const lease of leases) lease.release();
});
