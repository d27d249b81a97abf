import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cacheFigures } from "../caches/registry.ts";
import { closeDuckPools, leaseDuck, MAX_POOLS, openDuckPoolFolders } from "./duckPool.ts";

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
