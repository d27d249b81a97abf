import { expect, test } from "bun:test";
import { z } from "zod";
import { cacheFigures } from "../caches/registry.ts";
import { ColumnTable, type KeptColumns, keepAll, keepWhere } from "./columnTable.ts";
import { keptBytes, valueOfKeptBytes } from "./derived/keptJson.ts";
import { sqlNumber, sqlText, sqlTextOrNull } from "./sqlRunner.ts";

const row = z.object({
  npi: sqlTextOrNull,
  setting: z.enum(["IP", "OP"]),
  cases: sqlNumber,
  flag: z.boolean(),
});
type Row = z.infer<typeof row>;
const names = Object.keys(row.shape);
const rows: Row[] = Array.from({ length: 600 }, (_, index) => ({
  npi: index % 7 === 0 ? null : `npi${index % 300}`,
  setting: index % 3 === 0 ? "IP" : "OP",
  cases: index % 5 === 0 ? -0.5 : index,
  flag: index % 2 === 0,
}));

test("a table holds its rows' values: every row reads back, through the cursor and as objects", () => {
  const table = ColumnTable.fromRows<Row>(names, rows);
  expect(table.length).toBe(600);
  expect(table.rows()).toEqual(rows);
  const visited: Row[] = [];
  table.eachRow((cursor, index) => {
    expect(index).toBe(visited.length);
    visited.push({ npi: cursor.npi, setting: cursor.setting, cases: cursor.cases, flag: cursor.flag });
  });
  expect(visited).toEqual(rows);
  expect(table.rowAt(7)).toEqual(rows[7]!);
  expect(table.at(301).npi).toBe(rows[301]!.npi);
  expect(table.at(301).cases).toBe(rows[301]!.cases);
  // Codes as narrow as the distinct values allow.
  expect(table.column("setting").codes).toBeInstanceOf(Uint8Array);
  expect(table.column("npi").codes).toBeInstanceOf(Uint16Array);
  expect(table.column("setting").values).toEqual(["IP", "OP"]);
});

test("a mask keeps the rows whose values every condition accepts, in order (codes of one and two bytes)", () => {
  const table = ColumnTable.fromRows<Row>(names, rows);
  const keep = keepWhere(keepAll(table.length), table.column("npi"), (npi) => npi === "npi5" || npi === null);
  keepWhere(keep, table.column("cases"), (cases) => cases !== -0.5);
  const kept: number[] = [];
  table.eachRow((_, index) => kept.push(index), keep);
  expect(kept.length).toBeGreaterThan(0);
  expect(kept).toEqual(
    rows.flatMap((row, index) =>
      (row.npi === "npi5" || row.npi === null) && row.cases !== -0.5 ? [index] : [],
    ),
  );
});

/** A value written as a kept file and read back (derived/keptJson.ts). */
const asKept = (value: unknown) => {
  const bytes = keptBytes(value);
  return valueOfKeptBytes(typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes);
};

test("the kept form reads back as the same table; a file that does not fit the row is refused", () => {
  const table = ColumnTable.fromRows<Row>(names, rows);
  const kept = asKept(table) as KeptColumns;
  expect(ColumnTable.fromKept<Row>(kept, row).rows()).toEqual(rows);
  expect(ColumnTable.fromKept<Row>(asKept(ColumnTable.fromRows(names, [])), row).length).toBe(0);
  // The codes come back as their typed arrays, copies of the file's bytes.
  expect(kept.columns.setting!.codes).toEqual(table.column("setting").codes);
  expect(kept.columns.npi!.codes).toBeInstanceOf(Uint16Array);

  const without = structuredClone(kept);
  delete without.columns.flag;
  expect(() => ColumnTable.fromKept(without, row)).toThrow("column flag missing");
  const badCode = structuredClone(kept);
  badCode.columns.setting!.codes[3] = 2;
  expect(() => ColumnTable.fromKept(badCode, row)).toThrow("bad code");
  // The same past the values of a two-byte column, in its last row.
  expect(table.column("cases").codes).toBeInstanceOf(Uint16Array);
  const badWideCode = structuredClone(kept);
  const caseCodes = badWideCode.columns.cases!.codes;
  caseCodes[caseCodes.length - 1] = badWideCode.columns.cases!.values.length;
  expect(() => ColumnTable.fromKept(badWideCode, row)).toThrow("column cases: bad code");
  const shortColumn = structuredClone(kept);
  shortColumn.columns.cases!.codes = shortColumn.columns.cases!.codes.subarray(1);
  expect(() => ColumnTable.fromKept(shortColumn, row)).toThrow("column cases of another length");
  const narrow = structuredClone(kept);
  narrow.columns.cases!.codes = Uint8Array.from(narrow.columns.cases!.codes);
  expect(() => ColumnTable.fromKept(narrow, row)).toThrow("column cases: codes of another width");
  const numbers = structuredClone(kept) as unknown as { columns: Record<string, { codes: unknown }> };
  numbers.columns.flag!.codes = Array.from(table.column("flag").codes);
  expect(() => ColumnTable.fromKept(numbers, row)).toThrow("not kept as codes");
  const otherValue = structuredClone(kept);
  otherValue.columns.setting!.values[1] = "ASC";
  expect(() => ColumnTable.fromKept(otherValue, row)).toThrow();
  // Rows as objects (the form before columns) are not a table.
  expect(() => ColumnTable.fromKept(rows, row)).toThrow("not a kept table");
});

test("a kept file holds its typed arrays' bytes after its JSON text; a value without any is plain JSON; a damaged one is refused", () => {
  const value = {
    name: "é table",
    codes: Uint8Array.of(1, 2, 3),
    wide: Int32Array.of(-1, 70_000),
    list: [1, null],
  };
  const bytes = keptBytes(value) as Uint8Array;
  expect(bytes).toBeInstanceOf(Uint8Array);
  // The arrays' bytes follow the text: 3 + 8 bytes at the end.
  expect([...bytes.subarray(-11, -8)]).toEqual([1, 2, 3]);
  expect(new TextDecoder().decode(bytes)).not.toContain("70000");
  expect(valueOfKeptBytes(bytes)).toEqual(value);
  // As a file is read: a Buffer, whose own slice is a view of a larger buffer.
  const inFile = Buffer.alloc(bytes.byteLength + 16);
  inFile.set(bytes, 8);
  expect(valueOfKeptBytes(inFile.subarray(8, 8 + bytes.byteLength))).toEqual(value);
  expect(keptBytes({ plain: [1, 2] })).toBe('{"plain":[1,2]}');
  expect(valueOfKeptBytes(new TextEncoder().encode('{"plain":[1,2]}'))).toEqual({ plain: [1, 2] });
  expect(() => valueOfKeptBytes(bytes.subarray(0, bytes.byteLength - 1))).toThrow("damaged");
  const longer = new Uint8Array(bytes.byteLength + 1);
  longer.set(bytes);
  expect(() => valueOfKeptBytes(longer)).toThrow("damaged");
  // An array in two places is written once and read back as one; a second place naming it as
  // another kind or length is refused.
  const twice = keptBytes({ a: value.codes, b: value.codes }) as Uint8Array;
  const copies = keptBytes({ a: value.codes, b: Uint8Array.of(1, 2, 3) }) as Uint8Array;
  expect(twice.byteLength).toBe(copies.byteLength - 3);
  const read = valueOfKeptBytes(twice) as { a: Uint8Array; b: Uint8Array };
  expect(read.a).toBe(read.b);
  expect([...read.b]).toEqual([1, 2, 3]);
  const text = new TextDecoder()
    .decode(twice)
    .replace('"kind":"u8","length":3}}', '"kind":"u8","length":2}}');
  expect(() => valueOfKeptBytes(new TextEncoder().encode(text))).toThrow("damaged");
});

test("its bytes count its codes and its values' slots (texts are held once for all tables)", () => {
  const table = ColumnTable.fromRows<Row>(names, rows);
  const codes = 600 * (2 + 1 + 2 + 1);
  const slots = 8 * (301 + 2 + 481 + 2);
  expect(table.bytes()).toBeGreaterThan(codes + slots);
  expect(table.bytes()).toBeLessThan(codes + slots + 1000);
});

/** Rows whose facility zip and name follow from the facility, and whose rank follows from the pair. */
const pairRow = z.object({
  facility: sqlText,
  zip: sqlTextOrNull,
  name: sqlText,
  provider: sqlText,
  rank: sqlNumber,
  cases: sqlNumber,
});
type PairRow = z.infer<typeof pairRow>;
const pairRows: PairRow[] = Array.from({ length: 3000 }, (_, index) => {
  const facility = index % 40;
  const provider = (index * 7) % 90;
  return {
    facility: `f${facility}`,
    zip: facility % 9 === 0 ? null : `zip${facility % 6}`,
    name: `Facility ${facility % 30}`,
    provider: `p${provider}`,
    rank: facility * 90 + provider,
    cases: index % 11,
  };
});

test("a column whose value follows from another's reads that one's codes; kept with its distinct values and a map, read back as the same rows", () => {
  const table = ColumnTable.fromRows<PairRow>(Object.keys(pairRow.shape), pairRows);
  expect(table.rows()).toEqual(pairRows);
  // The zip and the name follow from the facility, the facility and the provider from the rank.
  const facility = table.column("facility");
  expect(table.column("zip").codes).toBe(facility.codes);
  expect(table.column("name").codes).toBe(facility.codes);
  expect(facility.codes).toBe(table.column("rank").codes);
  expect(table.column("provider").codes).toBe(table.column("rank").codes);
  expect(table.column("cases").codes).not.toBe(facility.codes);
  // The shared codes are counted once: one array of two bytes a row and the cases' byte.
  expect(table.bytes()).toBeLessThan(3000 * 3 + 8 * 6 * 400 + 2000);
  const keep = keepWhere(keepAll(table.length), table.column("zip"), (zip) => zip === "zip1");
  expect(table.rows(keep)).toEqual(pairRows.filter((row) => row.zip === "zip1"));

  const kept = table.toJSON();
  // Kept: each column's distinct values once, a map into them where its values by code repeat.
  expect(kept.columns.zip!.values).toEqual([null, "zip1", "zip2", "zip3", "zip4", "zip5", "zip0"]);
  expect(kept.columns.zip!.map).toBeInstanceOf(Uint8Array);
  expect(kept.columns.rank!.map).toBeUndefined();
  const bytes = keptBytes(kept) as Uint8Array;
  // The shared codes are written once: the file holds the rank's and the cases' codes and the maps.
  expect(bytes.byteLength).toBeLessThan(3000 * 2 + 3000 + 8000);
  const read = ColumnTable.fromKept<PairRow>(valueOfKeptBytes(bytes), pairRow);
  expect(read.rows()).toEqual(pairRows);
  expect(read.column("zip").codes).toBe(read.column("rank").codes);
  // A map that points past its values is refused.
  const damaged = valueOfKeptBytes(bytes) as KeptColumns;
  damaged.columns.zip!.map = new Uint8Array(damaged.columns.zip!.map!.length).fill(200);
  expect(() => ColumnTable.fromKept(damaged, pairRow)).toThrow("column zip: bad map");
});

test("tables read from kept files share codes of the same bytes; texts are held once", () => {
  const bytes = keptBytes(ColumnTable.fromRows<PairRow>(Object.keys(pairRow.shape), pairRows)) as Uint8Array;
  const first = ColumnTable.fromKept<PairRow>(valueOfKeptBytes(bytes), pairRow);
  const texts = cacheFigures().find((cache) => cache.name === "internedTexts")!.size;
  const second = ColumnTable.fromKept<PairRow>(valueOfKeptBytes(bytes), pairRow);
  // The second read finds every text held and every array of codes held by the first table.
  expect(cacheFigures().find((cache) => cache.name === "internedTexts")!.size).toBe(texts);
  expect(second.column("rank").codes).toBe(first.column("rank").codes);
  expect(second.column("cases").codes).toBe(first.column("cases").codes);
  expect(second.rows()).toEqual(pairRows);
  const other = ColumnTable.fromKept<PairRow>(
    valueOfKeptBytes(
      keptBytes(
        ColumnTable.fromRows<PairRow>(
          Object.keys(pairRow.shape),
          pairRows.map((row, index) => ({ ...row, cases: index % 13 })),
        ),
      ) as Uint8Array,
    ),
    pairRow,
  );
  // Codes of other bytes are its own; the same bytes are shared whatever values they index.
  expect(other.column("cases").codes).not.toBe(first.column("cases").codes);
  expect(other.column("rank").codes).toBe(first.column("rank").codes);
  expect(other.rows().map((row) => row.cases)).toEqual(pairRows.map((_, index) => index % 13));
});

test("a column's name is any text (the cursor's getters are made from source)", () => {
  const table = ColumnTable.fromRows<Record<string, number>>(
    ["a b", 'quote"', "index"],
    [{ "a b": 1, 'quote"': 2, index: 3 }],
  );
  table.eachRow((row) => expect([row["a b"], row['quote"'], row.index]).toEqual([1, 2, 3]));
  expect(table.rowAt(0)).toEqual({ "a b": 1, 'quote"': 2, index: 3 });
});

test("tables of the same columns and code widths share their cursors' class, each cursor reading its own table", () => {
  const first = ColumnTable.fromRows<Row>(names, rows);
  const second = ColumnTable.fromRows<Row>(
    names,
    rows.map((row) => ({ ...row, npi: `other-${row.npi}` })),
  );
  const wider = ColumnTable.fromRows<Record<string, unknown>>(["a"], [{ a: 1 }]);
  // The code JSC compiles for one organisation-year's table serves the next one's.
  expect(first.at(0).constructor).toBe(second.at(0).constructor);
  expect(wider.at(0).constructor).not.toBe(first.at(0).constructor);
  expect([first.at(7).npi, second.at(7).npi]).toEqual([rows[7]!.npi, `other-${rows[7]!.npi}`]);
  const seen: unknown[] = [];
  second.eachRow((row) => seen.push(row.cases));
  expect(seen).toEqual(rows.map((row) => row.cases));
});

test("a statement's columns make the table its parsed rows make; a column missing or not fitting is named", () => {
  // As DuckDB reads them: sums as BIGINT (bigint) in one column, and a column the row leaves out.
  const read = {
    npi: rows.map((item) => item.npi),
    setting: rows.map((item) => item.setting),
    cases: rows.map((item) => (Number.isInteger(item.cases) ? BigInt(item.cases) : item.cases)),
    flag: rows.map((item) => item.flag),
    unused: rows.map(() => "x"),
  };
  const table = ColumnTable.fromColumns<Row>(row, read);
  expect(JSON.stringify(table)).toBe(JSON.stringify(ColumnTable.fromRows<Row>(names, rows)));
  expect(table.rows()).toEqual(rows);
  // Values the schema makes equal share one code: 7n and 7 are one value.
  const mixed = ColumnTable.fromColumns<{ cases: number }>(z.object({ cases: sqlNumber }), {
    cases: [7n, 7, 8, 7n],
  });
  expect(mixed.column("cases").values).toEqual([7, 8]);
  expect(mixed.rows()).toEqual([{ cases: 7 }, { cases: 7 }, { cases: 8 }, { cases: 7 }]);
  expect(ColumnTable.fromColumns(row, { npi: [], setting: [], cases: [], flag: [] }).length).toBe(0);
  expect(() => ColumnTable.fromColumns(row, { ...read, flag: undefined as never })).toThrow(
    "column flag missing",
  );
  expect(() => ColumnTable.fromColumns(row, { ...read, setting: rows.map(() => "XX") })).toThrow(
    "column setting:",
  );
  expect(() => ColumnTable.fromColumns(row, { ...read, flag: [true] })).toThrow(
    "column flag of another length",
  );
});
