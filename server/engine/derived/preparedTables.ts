/**
 * The tables analyses declare as prepared (`prepared.tables` of a plugin, plugin.ts): each its
 * own SQL over the organisation-year's relations without a filter, made once per data version,
 * kept as JSON beside the derived files (keptJson.ts: the data pipeline writes them with the
 * derived files, prepareFiles.ts) and held in a bounded memory cache (heldKept.ts), so a request
 * reads no SQL: it narrows and adds up rows already in memory. Tables are held and kept as columns
 * (columnTable.ts): about a tenth of the memory of row objects, so that the cache holds the tables
 * of many organisation-years.
 */
import { z } from "zod";
import { ColumnTable } from "../columnTable.ts";
import type { Plugin, PreparedTables } from "../plugin.ts";
import type { SqlColumns } from "../sqlRunner.ts";
import { type HeldLimits, heldValues } from "./heldKept.ts";
import { type KeptValues, keptAs, keptJson, keptPath, readKept } from "./keptJson.ts";

type Rows = Record<string, ColumnTable>;

/**
 * The version of the kept files' form, in their key: a file of another form (rows as objects
 * before 2, codes as JSON numbers before 3, as base64 before 4, each column its own codes before 5)
 * gets another name and is not read.
 */
const KEPT_FORM = 5;

/** About the bytes the tables hold in memory (ColumnTable.bytes, checked against the heap at 1m). */
const bytesOf = (tables: Rows) => Object.values(tables).reduce((sum, table) => sum + table.bytes(), 1);

/**
 * The analyses with prepared tables an organisation-year may hold (9 today): the entries' bound
 * (VITALITY_FLOW_CACHE_ENTRIES organisation-years) is this many entries, one per analysis.
 */
const ANALYSES_PER_YEAR = 16;

/** Kept file's path -> an analysis's prepared tables (VITALITY_FLOW_CACHE_ENTRIES / _MB bound it). */
const held = heldValues<Rows>("preparedTables", bytesOf, ANALYSES_PER_YEAR);

const schemas = new WeakMap<PreparedTables, z.ZodType<Rows>>();
/**
 * What a kept file must hold: each table's columns (ColumnTable.fromKept: every distinct value
 * parsed with its column's schema), read into columns.
 */
function schemaOf(tables: PreparedTables) {
  let schema = schemas.get(tables);
  if (!schema) {
    schema = z.object(
      Object.fromEntries(
        Object.entries(tables).map(([name, table]) => [
          name,
          keptAs((kept) => ColumnTable.fromKept(kept, table.row)),
        ]),
      ),
    ) as unknown as z.ZodType<Rows>;
    schemas.set(tables, schema);
  }
  return schema;
}

/**
 * Runs each table's SQL on a connection with the organisation-year bound (one statement at a time),
 * read as columns: rows as objects, each parsed, were most of the pipeline's JavaScript time at 500
 * organisations (their garbage the rest).
 */
export async function readPreparedTables(tables: PreparedTables, columnsOf: SqlColumns): Promise<Rows> {
  const read: Rows = {};
  for (const [name, table] of Object.entries(tables)) {
    const columns = await columnsOf(table.sql);
    try {
      read[name] = ColumnTable.fromColumns(table.row, columns);
    } catch (error) {
      throw new Error(`${table.sql}: ${(error as Error).message}`);
    }
  }
  return read;
}

type PreparedPlugin = Pick<Plugin, "id" | "fingerprint"> & { prepared?: { tables: PreparedTables } };

const pathOf = (plugin: PreparedPlugin, kept: KeptValues) =>
  keptPath(kept, `${plugin.id}_prepared`, [kept.data, plugin.fingerprint, KEPT_FORM]);

/**
 * The plugin's prepared rows of the organisation-year `kept` names, made by `make` (which binds a
 * connection) and kept when its file is missing (the data pipeline, tests), else read from it. The
 * file's key holds the data version and the plugin's fingerprint (its version and a hash of its SQL).
 */
export function preparedRows(
  plugin: PreparedPlugin,
  kept: KeptValues,
  make: () => Promise<Rows>,
): Promise<Rows> {
  const tables = plugin.prepared?.tables;
  if (!tables) throw new Error(`${plugin.id} declares no prepared tables`);
  const path = pathOf(plugin, kept);
  return held.get(path, () => keptJson(path, make, schemaOf(tables)));
}

/**
 * The plugin's prepared rows of the organisation-year `kept` names held in memory, else read from
 * their kept file and held (a full cache lets its least recently used go); undefined when the file
 * was never made or is unreadable, and the kernel answers. Nothing is made here. Reading a kept file
 * of columns costs less than the kernel (1m, one organisation-year, CPU ms per answer, load 4-5:
 * querie1 5-8 read + 3 answer against 18-24 by the kernel, querie5 3 + 2-3 against 18, querie10
 * 0.3 + 0.2 against 17-22; querie2, the largest file, 10-12 + 2-3 against 11-12), so a full cache
 * still reads files: with rows as objects (ten times the bytes) the kernel was cheaper, and a full
 * cache sent runs to it. A request never makes the file: 1,350 analysis-years of new data (or a new
 * form after a deploy) made on the requests' two DuckDB connections queued them for seconds; the
 * data pipeline makes it (prepareFiles.ts), and a run that finds none asks the pipeline to.
 */
export async function keptPreparedRows(plugin: PreparedPlugin, kept: KeptValues): Promise<Rows | undefined> {
  const tables = plugin.prepared?.tables;
  if (!tables) return undefined;
  const path = pathOf(plugin, kept);
  return held
    .get(path, async () => {
      const rows = readKept(path, schemaOf(tables));
      if (!rows) throw new Error("not kept");
      return rows;
    })
    .catch(() => undefined);
}

/**
 * Holds the plugin's prepared rows of an organisation-year when their kept file exists and the
 * cache has room (a starting process, bindAtStart.ts: past the room it would only push out what it
 * read before): nothing is computed or written here. Answers whether they are held.
 */
export async function warmPreparedRows(plugin: PreparedPlugin, kept: KeptValues): Promise<boolean> {
  if (held.peek(pathOf(plugin, kept)) !== undefined) return true;
  if (!held.hasRoom()) return false;
  return (await keptPreparedRows(plugin, kept)) !== undefined;
}

/** The kept files whose rows are held, most recently used first (tests). */
export const heldPreparedFiles = () => held.keys();

/**
 * Forgets the rows held in memory (a test's "another process"); with `limits`, holds at most those
 * from now on (tests past the bound).
 */
export function forgetPreparedRows(limits?: HeldLimits) {
  held.forget(limits);
}
