import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type DuckDb, openDuckDb } from "../../duckdb/open.ts";
import { categoryRanges } from "../../reference/codes/categories.ts";
import { prepareCategoryLookups } from "../../reference/codes/derive.ts";
import { loadCodeTables } from "../../reference/codes/load.ts";
import { completeNpi } from "../../reference/npi.ts";
import { loadTables } from "../identify.ts";
import { defaultLimits } from "../limits.ts";
import { collectSources } from "../sources/collect.ts";
import { badNpi, marketRow, type Row, tempDataDir, toCsv } from "../testing/builders.ts";
import { readParquet } from "../testing/runJob.ts";
import { setUploadYears, validateStage } from "../validate.ts";
import { codesOfRange, prepareEveryCodeLookups } from "./derivedLookups.ts";
import { writeMarketCases } from "./market.ts";
import { writeMarketCasesOnePass } from "./marketOnePass.ts";

const dir = tempDataDir("vitality-onepass-");
let duck: DuckDb;
let fileCount = 0;

beforeAll(async () => {
  duck = await openDuckDb({ dataDir: dir.dataDir, threads: 2 });
  await loadCodeTables(duck);
  await setUploadYears(duck, [2024]);
});
afterAll(() => duck.close());

/** Stages a market IP file the way the pipeline does. */
async function stageOf(rows: Row[]) {
  const name = `market-${++fileCount}.csv`;
  const path = dir.write(name, toCsv(rows));
  const workDir = join(dir.dataDir, "tmp", `job-${fileCount}`);
  mkdirSync(workDir, { recursive: true });
  const sources = await collectSources([{ path, originalName: name }], workDir, defaultLimits);
  const { stages, errors } = await loadTables(duck, sources, { kind: "market", marketKind: "IP" });
  if (errors.length > 0) throw new Error(JSON.stringify(errors));
  return { stage: stages[0]!, out: (suffix: string) => join(workDir, `out-${suffix}.parquet`) };
}

/** The two-pass path: the validation pass, then the writer that reads its counts. */
async function twoPasses(rows: Row[]) {
  const { stage, out } = await stageOf(rows);
  const report = await validateStage(duck, stage);
  if (report.total > 0) throw new Error(JSON.stringify(report.errors));
  await writeMarketCases(duck, stage, "IP", out("two"));
  return readParquet(dir.dataDir, out("two"), "claim_id");
}

async function onePass(rows: Row[]) {
  const { stage, out } = await stageOf(rows);
  const written = await writeMarketCasesOnePass(duck, stage, "IP", [2024], out("one"));
  return { written, exists: existsSync(out("one")), path: out("one") };
}

describe("lookups of every code", () => {
  test("codes of a range are those of its shape between its ends", () => {
    expect(codesOfRange({ low: "Q4049", high: "Q4051" })).toEqual(["Q4049", "Q4050", "Q4051"]);
    expect(codesOfRange({ low: "A9999", high: "B0001" })).toEqual(["A9999", "B0000", "B0001"]);
    expect(codesOfRange({ low: "01998", high: "02001" })).toEqual(["01998", "01999", "02000", "02001"]);
  });

  test("every code gets the category the range join of the distinct codes gives", async () => {
    // Every code of the table, codes just outside its ranges, and codes of other shapes.
    const extra = ["10020", "70000", "Q4000", "Q4052", "J3300", "J3302", "2001F", "99999", "00000"];
    const codes = [...new Set([...categoryRanges.flatMap(codesOfRange), ...extra])];
    await duck.run(
      "CREATE OR REPLACE TEMP TABLE test_codes AS SELECT unnest(string_split($1, ',')) AS value",
      [codes.join(",")],
    );
    await prepareCategoryLookups(
      duck,
      "SELECT value FROM test_codes",
      "SELECT lpad(CAST(n AS VARCHAR), 3, '0') AS value FROM range(0, 1000) AS t(n)",
    );
    await prepareEveryCodeLookups(duck);
    const differences = await duck.all(`
      SELECT code.value, joined.category, every.category
      FROM test_codes AS code
      LEFT JOIN (SELECT c.cpt, c.category, s.service_line, s.is_surgical
                 FROM category_of_code AS c JOIN ref_service_line AS s USING (category)) AS joined ON joined.cpt = code.value
      LEFT JOIN every_code_derived AS every ON every.code = code.value
      WHERE joined.category IS DISTINCT FROM CAST(every.category AS VARCHAR)
         OR joined.service_line IS DISTINCT FROM CAST(every.service_line AS VARCHAR)
         OR joined.is_surgical IS DISTINCT FROM every.is_surgical
      UNION ALL
      SELECT d.drg, d.category, every.category
      FROM category_of_drg AS d FULL JOIN (SELECT * FROM every_code_derived WHERE length(code) = 3) AS every ON every.code = d.drg
      WHERE d.category IS DISTINCT FROM CAST(every.category AS VARCHAR)`);
    expect(differences).toEqual([]);
    const [counts] = await duck.all<{ codes: bigint; drgs: bigint }>(
      "SELECT count(*) FILTER (WHERE length(code) = 5) AS codes, count(*) FILTER (WHERE length(code) = 3) AS drgs FROM every_code_derived",
    );
    // 20000-29999 holds 10,000 codes; outside it 63001-63295 (295), 64718-64721 (4), the E/M (14),
    // imaging (39), 97010-97546 (537, which holds the evaluation codes 97161-97168), 97750-97763
    // (14), chiropractic (4): 908; Q4001-Q4051, J3301, J7321-J7332: 64. The nine MS-DRG ranges
    // hold 2+8+3+3+3+2+5+3+3 = 32 codes.
    expect(Number(counts!.codes)).toBe(10_972);
    expect(Number(counts!.drgs)).toBe(32);
  });
});

describe("one pass against the validation and writing passes", () => {
  const npiC = completeNpi("176543219");
  const clean: Row[] = [
    marketRow({ claim_id: "M1", bill_type: "0131", payer_class: "medicare" }),
    marketRow({ claim_id: "M2", cpt: "", drg: "47", bill_type: "", cases: "", setting: "IP" }),
    marketRow({ claim_id: "M3", cpt: "29881", bill_type: "831", place_of_service: "", referring_npi: npiC }),
    marketRow({
      claim_id: "M4",
      cpt: "99213",
      bill_type: "",
      place_of_service: "11",
      charge_amount: "",
      paid_amount: "-12.5",
    }),
    marketRow({ claim_id: "M5", cpt: "J3301", bill_type: "", drg: "470", payer_class: "" }),
    marketRow({ claim_id: "M6", cpt: "A1234", bill_type: "", referring_name: "Dr C", cases: 12 }),
  ];

  test("a clean file is written in one pass, exactly as the two passes write it", async () => {
    const one = await onePass(clean);
    expect(one.written).toBe(clean.length);
    const rows = await readParquet(dir.dataDir, one.path, "claim_id");
    expect(rows).toEqual(await twoPasses(clean));
    // Computed by hand from section 5: 0131 -> 131 (OP); DRG 47 padded, IP by DRG; 831 ASC; POS 11 OFFICE.
    expect(
      rows.map((row) => [
        row.claim_id,
        row.bill_type,
        row.drg,
        row.setting,
        row.category,
        row.cases,
        row.payer_class,
      ]),
    ).toEqual([
      ["M1", "131", null, "OP", "le_joint_replacement", 2, "medicare"],
      ["M2", null, "047", "IP", null, 1, "other"],
      ["M3", "831", null, "ASC", "sports_medicine", 2, "other"],
      ["M4", null, null, "OFFICE", "established_em", 2, "other"],
      ["M5", null, "470", "IP", "aspiration_injection", 2, "other"],
      ["M6", null, null, null, null, 12, "other"],
    ]);
  });

  test("the written columns have the canonical types (ENUM-typed ones read back as text)", async () => {
    const one = await onePass(clean);
    const types = await duck.all<{ column_name: string; column_type: string }>(
      "SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet($1))",
      [one.path],
    );
    expect(types.map((type) => `${type.column_name} ${type.column_type}`)).toEqual([
      "year INTEGER",
      "kind VARCHAR",
      "claim_id VARCHAR",
      "patient_zip VARCHAR",
      "setting VARCHAR",
      "place_of_service VARCHAR",
      "bill_type VARCHAR",
      "drg VARCHAR",
      "cpt VARCHAR",
      "facility_npi VARCHAR",
      "facility_name VARCHAR",
      "facility_zip VARCHAR",
      "rendering_npi VARCHAR",
      "rendering_name VARCHAR",
      "referring_npi VARCHAR",
      "referring_name VARCHAR",
      "cases INTEGER",
      "charge_amount DECIMAL(18,2)",
      "paid_amount DECIMAL(18,2)",
      "payer_class VARCHAR",
      "category VARCHAR",
      "service_line VARCHAR",
      "is_surgical BOOLEAN",
    ]);
    const schema = await duck.all<{ name: string; type: string; converted_type: string | null }>(
      "SELECT name, type, converted_type FROM parquet_schema($1) WHERE name IN ('kind', 'setting', 'category', 'cpt')",
      [one.path],
    );
    expect(schema.map((column) => `${column.name} ${column.type} ${column.converted_type}`).sort()).toEqual([
      "category BYTE_ARRAY UTF8",
      "cpt BYTE_ARRAY UTF8",
      "kind BYTE_ARRAY UTF8",
      "setting BYTE_ARRAY UTF8",
    ]);
  });

  test("a claim id is trimmed as read, as the two passes trim it", async () => {
    const padded = [...clean.slice(0, 2), marketRow({ ...clean[2], claim_id: " M3 " })];
    const one = await onePass(padded);
    expect(one.written).toBe(3);
    const rows = await readParquet(dir.dataDir, one.path, "claim_id");
    expect(rows).toEqual(await twoPasses(padded));
    expect(rows[2]!.claim_id).toBe("M3");
  });

  test("a ZIP+4, a setting or payer class in another case are normalised as read, as the two passes do", async () => {
    const unnormalised = [
      marketRow({ ...clean[0], patient_zip: "02134-1234", setting: "op", payer_class: "Medicare" }),
      marketRow({ ...clean[2], facility_zip: "021391234", payer_class: "SELF_PAY" }),
    ];
    const one = await onePass(unnormalised);
    expect(one.written).toBe(2);
    const rows = await readParquet(dir.dataDir, one.path, "claim_id");
    expect(rows).toEqual(await twoPasses(unnormalised));
    expect(rows.map((row) => [row.patient_zip, row.facility_zip, row.setting, row.payer_class])).toEqual([
      ["02134", "02139", "OP", "medicare"],
      ["02134", "02139", "ASC", "self_pay"],
    ]);
  });

  // Each file differs from a clean one by one value the one pass must not take: valid but not in
  // its clean form (the validation pass normalises it) or invalid (the validation pass reports it).
  const notForOnePass: [string, Row][] = [
    ["year with a space", { year: " 2024" }],
    ["year 2024.0", { year: "2024.0" }],
    ["another year", { year: "2023" }],
    ["cases 2.0", { cases: "2.0" }],
    ["cases +2", { cases: "+2" }],
    ["cases 02", { cases: "02" }],
    ["cases 0", { cases: "0" }],
    ["4-digit zip", { facility_zip: "2139" }],
    ["ZIP+4 of 8 digits", { patient_zip: "02134-123" }],
    ["ZIP+4 with the hyphen misplaced", { patient_zip: "0213-41234" }],
    ["zip with a space", { patient_zip: "02134 " }],
    ["setting with a space", { setting: "OP " }],
    ["payer class with a space", { payer_class: " medicare" }],
    ["unknown setting", { setting: "HOME" }],
    ["CPT in lower case", { cpt: "j3301", bill_type: "" }],
    ["CPT with a space", { cpt: " 27447" }],
    ["4-digit bill type not starting with 0", { bill_type: "1131" }],
    ["3-digit bill type starting with 0", { bill_type: "031" }],
    ["bill type with a space", { bill_type: "0 31" }],
    ["DRG of 4 digits", { drg: "0047" }],
    ["DRG with a space", { drg: " 47" }],
    ["NPI check digit", { rendering_npi: badNpi }],
    ["NPI with a space", { facility_npi: ` ${marketRow().facility_npi}` }],
    ["blank facility name", { facility_name: "  " }],
    ["name with a space", { rendering_name: "Dr A " }],
    ["blank optional name", { referring_name: " " }],
    ["amount not a number", { charge_amount: "lots" }],
    ["neither CPT nor DRG", { cpt: "", drg: "" }],
    ["place of service of 1 digit", { place_of_service: "1" }],
  ];
  for (const [name, change] of notForOnePass) {
    test(`not in one pass: ${name}`, async () => {
      const one = await onePass([clean[0]!, marketRow({ ...clean[2], ...change })]);
      expect(one.written).toBeUndefined();
      expect(one.exists).toBe(false);
    });
  }

  test("a value the one pass cannot take ends the scan, whatever row it is on", async () => {
    const rows = Array.from({ length: 3000 }, (_, index) => marketRow({ claim_id: `M${index}` }));
    rows[2500] = marketRow({ claim_id: "M2500", cases: "1.0" });
    expect((await onePass(rows)).written).toBeUndefined();
    rows[2500] = marketRow({ claim_id: "M2500", cases: "1" });
    expect((await onePass(rows)).written).toBe(3000);
  });
});
