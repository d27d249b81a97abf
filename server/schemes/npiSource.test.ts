import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cacheFigures } from "../caches/registry.ts";
import { OPEN_REGISTRIES, schemeNpiRegistry } from "./npiSource.ts";

const folders = Array.from({ length: OPEN_REGISTRIES + 1 }, () =>
  mkdtempSync(join(tmpdir(), "vitality-registry-")),
);
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

test("at most OPEN_REGISTRIES registries stay open; the least recently used is opened again on demand", () => {
  const registries = folders.map((folder) => schemeNpiRegistry(folder));
  expect(cacheFigures().find((cache) => cache.name === "registries")).toEqual({
    name: "registries",
    size: OPEN_REGISTRIES,
    max: OPEN_REGISTRIES,
  });
  // The last ones are the same objects; the first was dropped and is a new one.
  expect(schemeNpiRegistry(folders.at(-1)!)).toBe(registries.at(-1)!);
  expect(schemeNpiRegistry(folders[0]!)).not.toBe(registries[0]!);
  expect(cacheFigures().find((cache) => cache.name === "registries")?.size).toBe(OPEN_REGISTRIES);
});
