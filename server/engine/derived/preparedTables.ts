/**
 * The tables analyses declare as prepared (`prepared.tables` of a plugin, plugin.ts): each its
 * own SQL over the organisation-year's relations without a filter, made once per data version,
 * kept as JSON beside the derived files (keptJson.ts: the data pipeline writes them with the
 * derived files, prepareFiles.ts) and held in a bounded memory cache (heldKept.ts), so a request
 * reads no SQL: it narrows and adds up rows already in memory.
 */
import { existsSync } from "node:fs";
import { z } from "zod";
import type { Plugin, PreparedTables } from "../plugin.ts";
import type { SqlRunner } from "../sqlRunner.ts";
import { heldValues } from "./heldKept.ts";
import { type KeptValues, keptJson, keptPath } from "./keptJson.ts";

type Rows = Record<string, unknown[]>;

/**
 * About the bytes the rows hold in memory, a little over what was measured at 1m (JavaScript heap
 * after parsing the kept file: 150-190 bytes a row of 12-15 fields; querie2's 31k rows 5.7 MB).
 */
const bytesOf = (tables: Rows) =>
  Object.values(tables).reduce(
    (sum, rows) => sum + rows.length * (32 + 16 * Object.keys((rows[0] as object | undefined) ?? {}).length),
    1,
  );

/** Kept file's path -> an analysis's prepared rows (VITALITY_FLOW_CACHE_ENTRIES / _MB bound it). */
const held = heldValues<Rows>("preparedTables", bytesOf);

const schemas = new WeakMap<PreparedTables, z.ZodType<Rows>>();
/** What a kept file must hold: each table's rows, each parsed with its row schema. */
function schemaOf(tables: PreparedTables) {
  let schema = schemas.get(tables);
  if (!schema) {
    schema = z.object(
      Object.fromEntries(Object.entries(tables).map(([name, table]) => [name, z.array(table.row)])),
    ) as unknown as z.ZodType<Rows>;
    schemas.set(tables, schema);
  }
  return schema;
}

/** Runs each table's SQL on a connection with the organisation-year bound (one statement at a time). */
export async function readPreparedTables(tables: PreparedTables, sql: SqlRunner): Promise<Rows> {
  const rows: Rows = {};
  for (const [name, table] of Object.entries(tables)) rows[name] = await sql.rows(table.sql, table.row);
  return rows;
}

type PreparedPlugin = Pick<Plugin, "id" | "fingerprint"> & { prepared?: { tables: PreparedTables } };

const pathOf = (plugin: PreparedPlugin, kept: KeptValues) =>
  keptPath(kept, `${plugin.id}_prepared`, [kept.data, plugin.fingerprint]);

/**
 * Whether a run should answer from prepared rows: they are in memory, or the cache has room for
 * them. A full cache never trades one organisation-year's rows for another's (re-reading a kept
 * file costs more than the kernel): the run then takes the kernel, as before prepared tables.
 */
export const answersFromPrepared = (plugin: PreparedPlugin, kept: KeptValues) =>
  held.peek(pathOf(plugin, kept)) !== undefined || held.hasRoom();

/**
 * The plugin's prepared rows of the organisation-year `kept` names: held in memory, else read from
 * their kept file, else made by `read` (which binds a connection) and kept. The file's key holds the
 * data version and the plugin's fingerprint (its version and a hash of its SQL).
 */
export function preparedRows(
  plugin: PreparedPlugin,
  kept: KeptValues,
  read: () => Promise<Rows>,
): Promise<Rows> {
  const tables = plugin.prepared?.tables;
  if (!tables) throw new Error(`${plugin.id} declares no prepared tables`);
  const path = pathOf(plugin, kept);
  return held.get(path, () => keptJson(path, read, schemaOf(tables)));
}

/**
 * Holds the plugin's prepared rows of an organisation-year when their kept file exists and the
 * cache has room (a starting process, bindAtStart.ts): nothing is computed or written here. Answers
 * whether they are held.
 */
export async function warmPreparedRows(plugin: PreparedPlugin, kept: KeptValues): Promise<boolean> {
  const path = pathOf(plugin, kept);
  if (held.peek(path) !== undefined) return true;
  if (!plugin.prepared || !held.hasRoom() || !existsSync(path)) return false;
  await preparedRows(plugin, kept, () => Promise.reject(new Error("not computed at start")));
  return true;
}

/** The kept files whose rows are held, most recently used first (tests). */
export const heldPreparedFiles = () => held.keys();

/** Forgets the rows held in memory (a test's "another process"). */
export function forgetPreparedRows() {
  held.forget();
}
