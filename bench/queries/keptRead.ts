/**
 * What reading a kept file of prepared tables costs, step by step (a script, not a test):
 * `bun bench/queries/keptRead.ts <data folder>`. Reads up to BENCH_FILES (120) of the folder's
 * `*_prepared-*.json` files three times (the first round warms up and is not counted) and prints
 * the mean milliseconds per file of reading its bytes, parsing them (the JSON text, the codes' bytes
 * after it: derived/keptJson.ts) and turning the kept columns into tables (ColumnTable.fromKept, which checks every value and code): what a request pays when the
 * prepared-tables cache is full and the organisation-year's tables were pushed out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ColumnTable } from "../../server/engine/columnTable.ts";
import { valueOfKeptBytes } from "../../server/engine/derived/keptJson.ts";
import { pluginRegistry } from "../../server/engine/registry.ts";

const root = process.argv[2];
if (!root) throw new Error("usage: bun bench/queries/keptRead.ts <data folder>");
const files: string[] = [];
const walk = (dir: string) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (/_prepared-.*\.json$/.test(entry.name)) files.push(path);
  }
};
walk(root);
const registry = await pluginRegistry();
const chosen = files.slice(0, Number(process.env.BENCH_FILES ?? 120));
const spent = { read: 0, parse: 0, tables: 0 };
let counted = 0;
for (const round of [0, 1, 2])
  for (const file of chosen) {
    const tables = registry.get(file.split("/").at(-1)!.split("_prepared")[0]!)?.prepared?.tables;
    if (!tables) continue;
    const started = performance.now();
    const bytes = readFileSync(file);
    const read = performance.now();
    const kept = valueOfKeptBytes(bytes) as Record<string, unknown>;
    const parsed = performance.now();
    for (const [name, table] of Object.entries(tables)) ColumnTable.fromKept(kept[name], table.row);
    const made = performance.now();
    if (round === 0) continue;
    spent.read += read - started;
    spent.parse += parsed - read;
    spent.tables += made - parsed;
    counted++;
  }
const mean = (ms: number) => (ms / counted).toFixed(2);
console.log(
  `${counted / 2} kept files x 2: per file read ${mean(spent.read)} ms, parse ${mean(spent.parse)} ms, fromKept ${mean(spent.tables)} ms`,
);
