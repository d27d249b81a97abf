/**
 * A prepared table held as columns (derived/preparedTables.ts): each column is its distinct values
 * (in order of first appearance) and, per row, the code of its value in a typed array, as narrow
 * as the count of distinct values allows (one byte up to 256). At 1m the prepared tables' columns
 * have 2-653 distinct values over 17-31k rows: a row costs 10-20 bytes instead of the 150-190 of an
 * object, and a filter tests a code against a list of the values it keeps (`keepWhere`), not a text.
 *
 * An analysis reads rows through `eachRow` (a cursor whose fields are the row's values: read them
 * during the visit, do not keep the cursor), `at` (a view of one row) or `rowAt` and `rows` (plain
 * objects, for a few rows).
 */
import type { z } from "zod";
import { internedText } from "./internedTexts.ts";
import { sharedCodes } from "./sharedCodes.ts";
import { valueParser } from "./valueParser.ts";

/** A row's code in its column: Uint8Array up to 256 distinct values, Uint16Array up to 65,536. */
export type Codes = Uint8Array | Uint16Array | Int32Array;

export interface Column {
  values: unknown[];
  codes: Codes;
}

const codesFor = (distinct: number, length: number): Codes =>
  distinct <= 0x100
    ? new Uint8Array(length)
    : distinct <= 0x10000
      ? new Uint16Array(length)
      : new Int32Array(length);

/** A cursor class's kind of code array per column: a class sees one kind in each getter. */
const codeKind = (codes: Codes) =>
  codes instanceof Uint8Array ? "8" : codes instanceof Uint16Array ? "16" : "32";

/** A cursor class: its cursors read the columns they are made with. */
type CursorClass = new (columns: readonly Column[]) => Cursor;

/** Cursor classes by their tables' column names and code kinds (a few per prepared table's definition). */
const cursorClasses = new Map<string, CursorClass>();
/** More would be a fault (tables of ever new columns): the map starts again rather than grow. */
const MAX_CURSOR_CLASSES = 500;

/**
 * The class of a table's cursors: a getter per column reading the row the cursor is at from the
 * column's arrays, held in the cursor's own fields. Made from source (the column names are the row
 * schema's keys, written as string literals) and shared by every table of the same columns and code
 * kinds: each getter then sees one kind of array, and the code JSC compiles for a prepared table's
 * definition serves every organisation-year's table of it. (A class per table, its arrays closed
 * over, had JSC compile new getters and new loops for each table read from a kept file: at 50
 * organisations, with the prepared tables' cache full and tables read again, the JIT's thread was
 * 18% of the server's CPU in steady traffic.)
 */
function cursorClass(names: readonly string[], columns: readonly Column[]): CursorClass {
  const signature = JSON.stringify(names.map((name, column) => [name, codeKind(columns[column]!.codes)]));
  let made = cursorClasses.get(signature);
  if (!made) {
    const fields = columns.map(
      (_, column) =>
        `this.values${column} = columns[${column}].values; this.codes${column} = columns[${column}].codes;`,
    );
    const getters = names.map(
      (name, column) =>
        `get ${JSON.stringify(name)}() { return this.values${column}[this.codes${column}[this[row]]]; }`,
    );
    const make = new Function(
      "row",
      `return class Cursor { constructor(columns) { this[row] = 0; ${fields.join(" ")} } ${getters.join(" ")} };`,
    ) as (row: typeof ROW) => CursorClass;
    made = make(ROW);
    if (cursorClasses.size >= MAX_CURSOR_CLASSES) cursorClasses.clear();
    cursorClasses.set(signature, made);
  }
  return made;
}

/** Which rows of a table a filter keeps: a byte per row, 1 when kept (`keepWhere`). */
export type RowMask = Uint8Array;

/** A mask keeping every row of a table of `length` rows. */
export const keepAll = (length: number): RowMask => new Uint8Array(length).fill(1);

/**
 * Drops from `mask` the rows whose value in `column` `accept` refuses: `accept` is asked once per
 * distinct value, then each row's code is looked up (one loop per code width, so that each reads
 * one kind of typed array: JSC compiles an access seeing several kinds to its slow path).
 */
export function keepWhere(mask: RowMask, column: Column, accept: (value: unknown) => boolean): RowMask {
  const accepted = Uint8Array.from(column.values, (value) => (accept(value) ? 1 : 0));
  const { codes } = column;
  if (codes instanceof Uint8Array) {
    for (let index = 0; index < mask.length; index++) if (accepted[codes[index]!] === 0) mask[index] = 0;
  } else if (codes instanceof Uint16Array) {
    for (let index = 0; index < mask.length; index++) if (accepted[codes[index]!] === 0) mask[index] = 0;
  } else {
    for (let index = 0; index < mask.length; index++) if (accepted[codes[index]!] === 0) mask[index] = 0;
  }
  return mask;
}

/**
 * The largest code of a column (or of another kept table's codes, querie9's flow table), a negative
 * one read as unsigned (so it is refused too): one loop per code width, as in `keepWhere`. A
 * `for...of` over the codes was most of reading a kept file: fromKept 1.3-3.4 ms per file at 1m,
 * 0.3-0.8 with these loops (load 2-3, bench/queries/keptRead.ts).
 */
export function largestCode(codes: Codes | Uint32Array): number {
  let largest = 0;
  if (codes instanceof Uint8Array) {
    for (let index = 0; index < codes.length; index++) if (codes[index]! > largest) largest = codes[index]!;
  } else if (codes instanceof Uint16Array) {
    for (let index = 0; index < codes.length; index++) if (codes[index]! > largest) largest = codes[index]!;
  } else if (codes instanceof Uint32Array) {
    for (let index = 0; index < codes.length; index++) if (codes[index]! > largest) largest = codes[index]!;
  } else {
    for (let index = 0; index < codes.length; index++)
      if (codes[index]! >>> 0 > largest) largest = codes[index]! >>> 0;
  }
  return largest;
}

/** Where a cursor is: a symbol, so that no column's name meets it. */
const ROW = Symbol("row");

interface Cursor {
  [ROW]: number;
}

/** Codes by value; lists equal in content (a zip's service-area types) are one value, by their JSON text. */
class CodeBook {
  readonly #codes = new Map<unknown, number>();
  readonly #lists = new Map<string, number>();
  get(value: unknown) {
    return Array.isArray(value) ? this.#lists.get(JSON.stringify(value)) : this.#codes.get(value);
  }
  set(value: unknown, code: number) {
    if (Array.isArray(value)) this.#lists.set(JSON.stringify(value), code);
    else this.#codes.set(value, code);
  }
}

/**
 * A column of `raw` values: its distinct values in order of first appearance (as a Map keys them:
 * -0 is read back as 0, the same figure in JSON and in sums) and each row's code. With `parse`,
 * each distinct value is parsed once, and values it makes equal share one code.
 */
function encodedColumn(raw: readonly unknown[], parse?: (value: unknown) => unknown): Column {
  const codeOf = new CodeBook();
  const distinct: unknown[] = [];
  const indexes = new Int32Array(raw.length);
  for (let index = 0; index < raw.length; index++) {
    const value = raw[index];
    let code = codeOf.get(value);
    if (code === undefined) {
      code = distinct.push(value) - 1;
      codeOf.set(value, code);
    }
    indexes[index] = code;
  }
  let values = distinct;
  if (parse) {
    const parsedCode = new CodeBook();
    values = [];
    const merged = distinct.map((value) => {
      const parsed = parse(value);
      let code = parsedCode.get(parsed);
      if (code === undefined) {
        code = values.push(parsed) - 1;
        parsedCode.set(parsed, code);
      }
      return code;
    });
    if (values.length < distinct.length)
      for (let index = 0; index < indexes.length; index++) indexes[index] = merged[indexes[index]!]!;
  }
  const codes = codesFor(values.length, raw.length);
  codes.set(indexes);
  return { values, codes };
}

/**
 * The values of `child` in the order of `parent`'s codes, when each of `parent`'s codes comes with
 * one value of `child` (a facility's zip with its NPI, a referrer's name and rank with the
 * referrer's NPI); undefined when a code comes with two.
 */
function valuesFollowing(parent: Column, child: Column): unknown[] | undefined {
  const childCode = new Int32Array(parent.values.length).fill(-1);
  const { codes } = parent;
  for (let index = 0; index < codes.length; index++) {
    const seen = childCode[codes[index]!]!;
    const code = child.codes[index]!;
    if (seen === -1) childCode[codes[index]!] = code;
    else if (seen !== code) return undefined;
  }
  return Array.from(childCode, (code) => (code === -1 ? null : child.values[code]));
}

/**
 * The columns, each whose value follows from another's reading that one's codes (its values then
 * indexed by them) when that holds fewer bytes: its own codes are a byte or two per row, a value
 * more is 8 bytes. The prepared tables' rows are keys and what follows from them (a pair's rank,
 * its facility and provider, their zips and names): at 500 organisations their codes were about 3.5
 * of an organisation-year's 4.3 MB, 2.2 MB shared. Columns are taken most distinct
 * values first, so that a key's codes are shared before the columns that follow from it are taken.
 */
function sharingCodes(columns: readonly Column[]): Column[] {
  const shared = [...columns];
  const order = shared
    .map((_, index) => index)
    .sort((a, b) => shared[b]!.values.length - shared[a]!.values.length);
  for (const child of order) {
    let best: Column | undefined;
    for (const parent of order) {
      const from = shared[parent]!;
      const own = shared[child]!;
      if (parent === child || from.codes === own.codes || from.values.length < own.values.length) continue;
      if (best && from.values.length >= best.values.length) continue;
      if (8 * (from.values.length - own.values.length) >= own.codes.byteLength) continue;
      const values = valuesFollowing(from, own);
      if (values) best = { values, codes: from.codes };
    }
    if (best) shared[child] = best;
  }
  return shared;
}

/** The record of columns with `sharingCodes` applied. */
function withSharedCodes(columns: Record<string, Column>): Record<string, Column> {
  const shared = sharingCodes(Object.values(columns));
  return Object.fromEntries(Object.keys(columns).map((name, index) => [name, shared[index]!]));
}

/**
 * A table as kept in a file: each column's distinct values, and its codes as their typed array,
 * whose bytes the kept file holds after its JSON text (derived/keptJson.ts `keptBytes`): read back,
 * the codes are a copy of the file's bytes, not a JSON number (nor a base64 text) per row. The
 * files of the prepared tables are mostly those codes, and reading them was most of a starting
 * process's time, then most of the garbage of a cache reading them again (500 organisations).
 * A column reading another's codes (`sharingCodes`) is kept with its distinct values and `map`,
 * each code's index into them: its values by code repeat texts, which read back would each be a
 * text of their own. Codes held by several columns are kept once (keptBytes).
 */
export interface KeptColumns {
  length: number;
  columns: Record<string, { values: unknown[]; codes: Codes; map?: Codes }>;
}

/**
 * A column's values as kept: its distinct values and, when some repeat, each value's index into them
 * (the values encoded as a column of their own).
 */
function keptValues(values: readonly unknown[]): { values: unknown[]; map?: Codes } {
  const { values: distinct, codes } = encodedColumn(values);
  return distinct.length === values.length ? { values: distinct } : { values: distinct, map: codes };
}

export class ColumnTable<Row extends object = Record<string, unknown>> {
  #Cursor?: CursorClass;
  /** The columns' names and columns in one order (rowAt reads them without listing them again). */
  readonly #names: string[];
  readonly #columnList: Column[];

  private constructor(
    readonly length: number,
    readonly columns: Readonly<Record<string, Column>>,
  ) {
    this.#names = Object.keys(columns);
    this.#columnList = Object.values(columns);
  }

  /** The rows as columns; `names` are the row's fields (a table without rows has them too). */
  static fromRows<Row extends object>(names: readonly string[], rows: readonly Row[]): ColumnTable<Row> {
    const columns: Record<string, Column> = {};
    for (const name of names)
      columns[name] = encodedColumn(rows.map((row) => (row as Record<string, unknown>)[name]));
    return new ColumnTable<Row>(rows.length, withSharedCodes(columns));
  }

  /**
   * A table from a statement's columns as read (`read`: each column's values, row by row, by
   * name), each distinct value parsed with its column's schema in `row` (so every row's value fits
   * it, as a row-by-row parse would check): no object per row is made. Throws naming the column
   * that is missing or does not fit.
   */
  static fromColumns<Row extends object>(
    row: z.ZodObject,
    read: Record<string, unknown[]>,
  ): ColumnTable<Row> {
    const columns: Record<string, Column> = {};
    let length: number | undefined;
    for (const [name, schema] of Object.entries(row.shape)) {
      const raw = read[name];
      if (!raw) throw new Error(`column ${name} missing`);
      if (length !== undefined && raw.length !== length) throw new Error(`column ${name} of another length`);
      length = raw.length;
      columns[name] = encodedColumn(raw, (value) => {
        const parsed = (schema as z.ZodType).safeParse(value);
        if (!parsed.success) throw new Error(`column ${name}: ${parsed.error.issues[0]?.message}`);
        return internedText(parsed.data);
      });
    }
    return new ColumnTable<Row>(length ?? 0, withSharedCodes(columns));
  }

  /**
   * A table from its kept form, each distinct value parsed with its column's schema in `row` (so
   * every row's value fits it, as a row-by-row parse would check). Throws when the form does not fit.
   */
  static fromKept<Row extends object>(kept: unknown, row: z.ZodObject): ColumnTable<Row> {
    const { length, columns: keptColumns } = kept as KeptColumns;
    if (!Number.isInteger(length) || length < 0 || typeof keptColumns !== "object" || keptColumns === null)
      throw new Error("not a kept table");
    const columns: Record<string, Column> = {};
    for (const [name, schema] of Object.entries(row.shape)) {
      const column = keptColumns[name];
      if (!column || !Array.isArray(column.values) || !ArrayBuffer.isView(column.codes))
        throw new Error(`column ${name} missing or not kept as codes`);
      const parse = valueParser(schema as z.ZodType);
      let values = column.values.map((value) => internedText(parse(value)));
      const { codes, map } = column;
      if (map !== undefined) {
        if (!ArrayBuffer.isView(map) || map.constructor !== codesFor(values.length, 0).constructor)
          throw new Error(`column ${name}: map of another width`);
        if (map.length > 0 && largestCode(map) >= values.length) throw new Error(`column ${name}: bad map`);
        const distinct = values;
        values = Array.from(map, (index) => distinct[index]);
      }
      if (codes.constructor !== codesFor(values.length, 0).constructor)
        throw new Error(`column ${name}: codes of another width`);
      if (codes.length !== length) throw new Error(`column ${name} of another length`);
      if (codes.length > 0 && largestCode(codes) >= values.length)
        throw new Error(`column ${name}: bad code`);
      // Codes equal to another held table's are that table's (querie3's and querie6's rows are one).
      columns[name] = { values, codes: sharedCodes(codes) };
    }
    return new ColumnTable<Row>(length, columns);
  }

  /** The kept form (what keptBytes writes: the codes' bytes after the JSON text). */
  toJSON(): KeptColumns {
    const columns: KeptColumns["columns"] = {};
    for (const [name, { values, codes }] of Object.entries(this.columns))
      columns[name] = { ...keptValues(values), codes };
    return { length: this.length, columns };
  }

  column(name: keyof Row & string): Column {
    const column = this.columns[name];
    if (!column) throw new Error(`no column ${name}`);
    return column;
  }

  /** A cursor: an object with the row's fields as getters of the row it is at. */
  private cursor(): Row & Cursor {
    this.#Cursor ??= cursorClass(this.#names, this.#columnList);
    return new this.#Cursor(this.#columnList) as Row & Cursor;
  }

  /**
   * Visits the rows `keep` keeps (every row without it), in order, with a cursor on the row: its
   * fields are the row's values while the visit lasts (keep `index` to come back to a row, not the cursor).
   */
  eachRow(visit: (row: Readonly<Row>, index: number) => void, keep?: RowMask) {
    const cursor = this.cursor();
    for (let index = 0; index < this.length; index++) {
      if (keep !== undefined && keep[index] === 0) continue;
      cursor[ROW] = index;
      visit(cursor, index);
    }
  }

  /**
   * The row at `index` as a view: its fields read the table when read (cheaper than `rowAt` when a
   * few of many fields are read).
   */
  at(index: number): Readonly<Row> {
    const cursor = this.cursor();
    cursor[ROW] = index;
    return cursor;
  }

  /** The row at `index` as a plain object. */
  rowAt(index: number): Row {
    const row: Record<string, unknown> = {};
    const names = this.#names;
    const columns = this.#columnList;
    for (let column = 0; column < names.length; column++)
      row[names[column]!] = columns[column]!.values[columns[column]!.codes[index]!];
    return row as Row;
  }

  /** The rows `keep` keeps (every row without it) as plain objects, in order (a small table's). */
  rows(keep?: RowMask): Row[] {
    const rows: Row[] = [];
    for (let index = 0; index < this.length; index++)
      if (keep === undefined || keep[index] === 1) rows.push(this.rowAt(index));
    return rows;
  }

  /**
   * About the bytes the table holds: its codes (once for the columns sharing them), 8 per value of a
   * column, each column's arrays (measured at 1m and at 500 organisations: bench/queries/preparedHeap.ts).
   * Not counted: texts read from a kept file or a statement, held once for every table (internedTexts.ts), nor its
   * cursors' class, shared with the tables of its definition (cursorClass). Codes equal to another
   * table's are counted in each (sharedCodes.ts holds them once): an estimate over, not under.
   */
  bytes(): number {
    let bytes = 200;
    const counted = new Set<Codes>();
    for (const { values, codes } of Object.values(this.columns)) {
      bytes += 150 + (counted.has(codes) ? 0 : codes.byteLength) + 8 * values.length;
      counted.add(codes);
    }
    return bytes;
  }
}
