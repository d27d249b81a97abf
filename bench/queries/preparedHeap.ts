/**
 * `bun bench/queries/preparedHeap.ts [1m]`: the memory the prepared tables of one organisation-year
 * hold (derived/preparedTables.ts), per analysis, on the bench's data folder (setup.ts; BENCH_OUT
 * moves it). Every analysis answers once (its kept file made if absent, and held); then each
 * analysis's kept file is read COPIES times into the form the cache holds, and the heap is
 * measured after a full collection before and after (JSC's heap size, which counts the extra
 * memory of typed arrays' buffers as well): the difference over COPIES is what one held copy
 * costs (one copy's difference is within the collector's noise, about 0.5 MB). Also prints the
 * cache's own estimate for the organisation-year (`bytesOf`). Runs on builds before the columnar
 * form too (rows parsed with their schema, as that build held them), for a comparison.
 */

import { heapStats } from "bun:jsc";
import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { cacheFigures } from "../../server/caches/registry.ts";
import { valueOfKeptBytes } from "../../server/engine/derived/keptJson.ts";
import { heldPreparedFiles } from "../../server/engine/derived/preparedTables.ts";
import type { PreparedTables } from "../../server/engine/plugin.ts";
import { pluginRegistry } from "../../server/engine/registry.ts";
import { clearRunCache, runPlugin } from "../../server/engine/runPlugin.ts";
import { openBenchData } from "./setup.ts";

const size = process.argv[2] ?? "1m";
const COPIES = 20;

const data = await openBenchData(size);
const plugins = (await pluginRegistry()).all().filter((plugin) => plugin.prepared);
for (const plugin of plugins) {
  clearRunCache();
  await runPlugin({
    context: data.context,
    organisationId: data.organisationId,
    pluginId: plugin.id,
    filters: {},
  });
}
const estimate = cacheFigures().find((cache) => cache.name === "preparedTables")?.bytes ?? 0;

const columnTableFile = new URL("../../server/engine/columnTable.ts", import.meta.url).pathname;
const columnar = existsSync(columnTableFile)
  ? ((await import(columnTableFile)) as typeof import("../../server/engine/columnTable.ts")).ColumnTable
  : undefined;
/** A kept file's tables in the form the cache holds them. */
function held(tables: PreparedTables, bytes: Uint8Array) {
  const json = valueOfKeptBytes(bytes) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(tables).map(([name, table]) => [
      name,
      columnar ? columnar.fromKept(json[name], table.row) : z.array(table.row).parse(json[name]),
    ]),
  );
}

/** The heap's size after a full collection, in bytes (objects and typed arrays' buffers). */
function memory() {
  Bun.gc(true);
  return heapStats().heapSize;
}
const mb = (bytes: number) => (bytes / 1e6).toFixed(3);

let total = 0;
for (const plugin of plugins) {
  const path = heldPreparedFiles().find((file) => file.includes(`/${plugin.id}_prepared-`));
  if (!path) throw new Error(`${plugin.id}: no prepared rows held`);
  const file = readFileSync(path);
  const tables = plugin.prepared!.tables;
  held(tables, file);
  const copies: unknown[] = [];
  const before = memory();
  const started = performance.now();
  for (let copy = 0; copy < COPIES; copy++) copies.push(held(tables, file));
  const read = (performance.now() - started) / COPIES;
  const bytes = (memory() - before) / COPIES;
  total += bytes;
  console.log(
    `${plugin.id}: ${mb(bytes)} MB held per copy (${COPIES} copies), kept file ${mb(file.byteLength)} MB read in ${read.toFixed(1)} ms`,
  );
  copies.length = 0;
}
console.log(
  `${size} (${columnar ? "columns" : "row objects"}): prepared tables of one organisation-year ${mb(total)} MB held, ${mb(estimate)} MB estimated`,
);
process.exit(0);
