import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { keptJson, keptPath } from "./keptJson.ts";

const dir = mkdtempSync(join(tmpdir(), "vitality-kept-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const kept = { dir, zipPolygons: "bundled", data: "test-data" };
const numbers = z.array(z.number());

test("a value is made once and kept: the next reader (another process) reads the file", async () => {
  const path = keptPath(kept, "sums", ["data v1"]);
  let made = 0;
  const make = () => {
    made += 1;
    return [1, 2, 3];
  };
  expect(await keptJson(path, make, numbers)).toEqual([1, 2, 3]);
  expect(await keptJson(path, make, numbers)).toEqual([1, 2, 3]);
  expect(made).toBe(1);
  expect(readdirSync(dir).filter((name) => name.endsWith(".partial"))).toEqual([]);
});

test("new data, new name; a damaged or differently shaped file is made again", async () => {
  expect(keptPath(kept, "sums", ["data v2"])).not.toBe(keptPath(kept, "sums", ["data v1"]));
  const path = keptPath(kept, "sums", ["damaged"]);
  writeFileSync(path, "[1, 2");
  expect(await keptJson(path, () => [4], numbers)).toEqual([4]);
  writeFileSync(path, JSON.stringify({ other: "shape" }));
  expect(await keptJson(path, () => [5], numbers)).toEqual([5]);
  expect(existsSync(path)).toBe(true);
  expect(await keptJson(path, () => [6], numbers)).toEqual([5]);
});

test("a partial file left by a process killed mid-write is removed by a later write there, once abandoned", async () => {
  const abandoned = join(dir, ".killed-mid-write.partial");
  const recent = join(dir, ".still-being-written.partial");
  writeFileSync(abandoned, "[1, 2");
  writeFileSync(recent, "[1, 2");
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
  utimesSync(abandoned, twoHoursAgo, twoHoursAgo);
  await keptJson(keptPath(kept, "sums", ["after a crash"]), () => [7], numbers);
  expect(existsSync(abandoned)).toBe(false);
  // A partial as young as a write in progress stays: its writer renames it.
  expect(existsSync(recent)).toBe(true);
});

test("values read one after the other keep their own arrays and texts (the files' bytes are read into one buffer)", async () => {
  const arrays = z.object({ name: z.string(), codes: z.instanceof(Uint16Array) });
  const first = keptPath(kept, "arrays", ["first"]);
  const second = keptPath(kept, "arrays", ["second"]);
  await keptJson(first, () => ({ name: "first", codes: Uint16Array.of(1, 2, 3) }), arrays);
  await keptJson(second, () => ({ name: "other", codes: Uint16Array.of(7, 8, 9) }), arrays);
  // Read back from the files (as another process would): the second read overwrites the first's bytes.
  const readFirst = await keptJson(first, () => ({ name: "made", codes: Uint16Array.of() }), arrays);
  const readSecond = await keptJson(second, () => ({ name: "made", codes: Uint16Array.of() }), arrays);
  expect(readFirst.name).toBe("first");
  expect([...readFirst.codes]).toEqual([1, 2, 3]);
  expect([...readSecond.codes]).toEqual([7, 8, 9]);
});
