/**
 * Runs a plugin's .sql files. Values are always bound by name ($servicelines, $top_n, ...): a
 * filter value containing a quote is data, never SQL. Rows are parsed by a zod schema per file, so
 * a drift between the SQL and the TypeScript that shapes it fails loudly.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DOUBLE, type DuckDBType, LIST, listValue, VARCHAR } from "@duckdb/node-api";
import { z } from "zod";
import { boundedCache } from "../caches/bounded.ts";
import type { DuckDb, SqlValue } from "../duckdb/open.ts";

export type SqlParam = string | number | boolean | null | string[] | number[];

export interface SqlRunner {
  rows<Schema extends z.ZodType>(
    file: string,
    rowSchema: Schema,
    params?: Record<string, SqlParam>,
  ): Promise<z.infer<Schema>[]>;
}

/** The text of each .sql file read (the repository ships a few dozen; the bound is a safety net). */
const sqlTexts = boundedCache<string>({ name: "sqlTexts", max: 500 });

function readSqlFile(dir: string, file: string) {
  if (!/^[a-z0-9_]+\.sql$/.test(file)) throw new Error(`kernel file name ${file} must be lower_snake.sql`);
  const path = join(dir, file);
  let text = sqlTexts.get(path);
  if (text === undefined) {
    text = readFileSync(path, "utf8");
    sqlTexts.set(path, text);
  }
  return text;
}

/** Lists need an explicit type (an empty list has none to infer). */
function bindValue(value: SqlParam): { value: SqlValue; type?: DuckDBType } {
  if (!Array.isArray(value)) return { value };
  const numeric = value.length > 0 && value.every((item) => typeof item === "number");
  return { value: listValue(value as SqlValue[]), type: numeric ? LIST(DOUBLE) : LIST(VARCHAR) };
}

export function sqlRunner(duck: DuckDb, dir: string): SqlRunner {
  return {
    async rows(file, rowSchema, params = {}) {
      const values: Record<string, SqlValue> = {};
      const types: Record<string, DuckDBType> = {};
      for (const [name, param] of Object.entries(params)) {
        const bound = bindValue(param);
        values[name] = bound.value;
        if (bound.type) types[name] = bound.type;
      }
      const reader = await duck.connection.runAndReadAll(readSqlFile(dir, file), values, types);
      const rows = reader.getRowObjectsJS();
      const parsed = z.array(rowSchema).safeParse(rows);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(`${file}: row ${issue?.path.join(".")} ${issue?.message}`);
      }
      return parsed.data;
    },
  };
}

/** A statement's columns by name, each its values row by row. */
export type SqlColumns = (file: string) => Promise<Record<string, unknown[]>>;

/**
 * Runs a plugin's .sql file without parameters and answers its columns as read, no object per row:
 * what prepared tables are made of (derived/preparedTables.ts, which parses each distinct value).
 */
export const sqlColumns =
  (duck: DuckDb, dir: string): SqlColumns =>
  async (file) =>
    (await duck.connection.runAndReadAll(readSqlFile(dir, file))).getColumnsObjectJS();

/** A connection: given, or leased and bound when first asked for (executeKernel.ts). */
export type DuckSource = DuckDb | (() => Promise<DuckDb>);

/** A runner asking `duck` for its connection at each statement: none is asked for until one runs. */
export function sqlRunnerOnDemand(duck: DuckSource, dir: string): SqlRunner {
  if (typeof duck !== "function") return sqlRunner(duck, dir);
  return {
    async rows(file, rowSchema, params) {
      return sqlRunner(await duck(), dir).rows(file, rowSchema, params);
    },
  };
}

/** Row field helpers: DuckDB answers sums as BIGINT/HUGEINT (bigint) or DOUBLE (number). */
export const sqlNumber = z.union([z.number(), z.bigint()]).transform(Number);
export const sqlNumberOrZero = z
  .union([z.number(), z.bigint(), z.null()])
  .transform((value) => (value === null ? 0 : Number(value)));
export const sqlText = z.string();
export const sqlTextOrNull = z.string().nullable();
export const sqlTextList = z
  .array(z.string().nullable())
  .nullable()
  .transform((list) => (list ?? []).filter((item): item is string => item !== null));
