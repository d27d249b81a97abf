/**
 * Values computed from an organisation-year's data and kept as JSON beside its derived files: the
 * filter dialog's lists, querie9's outmigration flows, the service area's polygons. Each costs
 * 20-60 ms of DuckDB or JavaScript to make (at 1m) and is the same until the data changes, so the
 * data pipeline makes them with the derived files (prepareFiles.ts) and a new server process reads
 * them instead of making them again on its first request. The name carries a hash of everything
 * the value is made from (`key`): new data, new name; older versions are removed once old enough.
 * Written beside the target and renamed over it, so a reader sees no file or a whole one; on a full
 * disk the value is answered without being kept.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { isStorageFull, warnOnce } from "../../http/storageFull.ts";
import { writeVersioned } from "./versionedFiles.ts";

/** Where an organisation-year's kept values go: its derived folder. */
export interface KeptValues {
  dir: string;
  /** What every value also depends on besides its own key: the zip polygons' file version. */
  zipPolygons: string;
  /**
   * The organisation-year's data version (organisationInputs.ts `dataKey`: the market, practice and
   * demographics files' stamps, the profile and the years): a value made from all of its data keys
   * on it instead of fingerprinting the rows on every run.
   */
  data: string;
}

/**
 * The file of `name` for `key` (everything the value is made from). Callers keep what they read in
 * memory under this path: it names the organisation-year and the data, so a value held in memory
 * was kept in its file.
 */
export const keptPath = (kept: KeptValues, name: string, key: unknown) =>
  join(
    kept.dir,
    `${name}-${createHash("sha256").update(JSON.stringify(key)).digest("hex").slice(0, 24)}.json`,
  );

/**
 * The value kept at `path` when it is there and fits `schema` (a file of another version's shape,
 * or damaged, is not read); nothing is made here.
 */
export function readKept<Value>(path: string, schema: z.ZodType<Value>): Value | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(path, "utf8")));
    if (parsed.success) return parsed.data;
  } catch {
    // Unreadable: as if not kept.
  }
  return undefined;
}

/**
 * The value kept at `path`, or `make`'s, written there. What is read must fit `schema`: a file of
 * another version's shape, or damaged, is made again.
 */
export async function keptJson<Value>(
  path: string,
  make: () => Promise<Value> | Value,
  schema: z.ZodType<Value>,
): Promise<Value> {
  const kept = readKept(path, schema);
  if (kept !== undefined) return kept;
  const value = await make();
  try {
    await writeVersioned(path, (partial) => writeFileSync(partial, JSON.stringify(value)));
  } catch (error) {
    // A full disk: the value is still the answer, only not kept (writeVersioned removed its part);
    // the next run makes it again. Any other failure is a fault to see.
    if (!isStorageFull(error)) throw error;
    warnOnce(path, "kept values: a value not written, the disk is full; made again on each run");
  }
  return value;
}
