import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { strToU8, zipSync } from "fflate";
import { openDuckDb } from "../duckdb/open.ts";
import { defaultLimits } from "./limits.ts";
import { copyToParquet } from "./normalise/common.ts";
import { inflateZip } from "./sources/zipEntries.ts";
import {
  facilityLine,
  npiA,
  npiB,
  npiFacility,
  professionalLine,
  tempDataDir,
  toCsv,
} from "./testing/builders.ts";
import { readParquet, runJob } from "./testing/runJob.ts";
import { buildZipBomb } from "./testing/zipBomb.ts";

const practice = { kind: "practice" } as const;

/** Writes a typed Parquet file of facility lines (dates as DATE, numbers as numbers). */
async function facilityParquet(dataDir: string, csvPath: string, out: string) {
  const duck = await openDuckDb({ dataDir, threads: 1 });
  try {
    await duck.run("CREATE TEMP TABLE source AS SELECT * FROM read_csv($1, all_varchar = true)", [csvPath]);
    await copyToParquet(
      duck,
      `SELECT claim_id, CAST(line AS INTEGER) AS line, CAST(service_date AS DATE) AS service_date, patient_id,
              patient_zip, facility_npi, bill_type, revenue_code, cpt, drg, operating_npi, CAST(units AS INTEGER) AS units,
              CAST(charge_amount AS DOUBLE) AS charge_amount, CAST(paid_amount AS DOUBLE) AS paid_amount, payer
       FROM source`,
      out,
    );
  } finally {
    duck.close();
  }
}

describe("containers", () => {
  const dir = tempDataDir();

  test("Parquet with typed columns", async () => {
    const csv = dir.write("facility.csv", toCsv([facilityLine(), facilityLine({ line: 2, cpt: "27447" })]));
    const parquet = join(dir.dataDir, "inputs", "facility.parquet");
    await facilityParquet(dir.dataDir, csv, parquet);
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [2024],
      [{ path: parquet, originalName: "upload.parquet" }],
    );
    if (!outcome.accepted) throw new Error(JSON.stringify(outcome.report));
    const lines = await readParquet(dir.dataDir, outcome.outputs[0]!.path, "line");
    expect(
      lines.map((line) => [
        line.line,
        String(line.service_date).slice(0, 10),
        line.category,
        Number(line.charge_amount),
      ]),
    ).toEqual([
      [1, "2024-04-02", "sports_medicine", 4000],
      [2, "2024-04-02", "le_joint_replacement", 4000],
    ]);
  });

  test("XLSX: one sheet per table, named after the table; dates as Excel dates", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("professional_fees");
    const header = Object.keys(professionalLine());
    sheet.addRow(header);
    sheet.addRow(
      header.map((column) =>
        column === "service_date" ? new Date("2024-05-06T00:00:00Z") : professionalLine()[column],
      ),
    );
    sheet.addRow(
      header.map((column) =>
        column === "line" ? 2 : column === "cpt" ? "27130" : professionalLine()[column],
      ),
    );
    const payers = workbook.addWorksheet("payor_classification");
    payers.addRow(["payer", "payer_class"]);
    payers.addRow(["Acme Health", "commercial"]);
    const path = join(dir.dataDir, "inputs", "practice.xlsx");
    await workbook.xlsx.writeFile(path);
    const outcome = await runJob(dir.dataDir, practice, [2024], [{ path, originalName: "practice.xlsx" }]);
    if (!outcome.accepted) throw new Error(JSON.stringify(outcome.report));
    expect(outcome.tables).toEqual({ professional_fees: 2, payor_classification: 1 });
    const lines = await readParquet(dir.dataDir, outcome.outputs[0]!.path, "line");
    expect(
      lines.map((line) => [String(line.service_date).slice(0, 10), line.category, line.payer_class]),
    ).toEqual([
      ["2024-05-06", "established_em", "commercial"],
      ["2024-03-01", "le_joint_replacement", "commercial"],
    ]);
  });

  test("XLSX errors name the sheet's table and row", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("professional_fees");
    const header = Object.keys(professionalLine());
    sheet.addRow(header);
    sheet.addRow(header.map((column) => (column === "place_of_service" ? "X" : professionalLine()[column])));
    const path = join(dir.dataDir, "inputs", "bad.xlsx");
    await workbook.xlsx.writeFile(path);
    const outcome = await runJob(dir.dataDir, practice, [2024], [{ path, originalName: "bad.xlsx" }]);
    expect(outcome.accepted ? [] : outcome.report.errors).toEqual([
      {
        table: "professional_fees",
        row: 1,
        column: "place_of_service",
        reason: "must be a 2-digit place-of-service code",
      },
    ]);
  });

  test("ZIP of a CSV and a Parquet file named after their tables", async () => {
    const csv = dir.write("f.csv", toCsv([facilityLine()]));
    const parquet = join(dir.dataDir, "inputs", "f.parquet");
    await facilityParquet(dir.dataDir, csv, parquet);
    const zip = dir.write(
      "practice.zip",
      zipSync({
        "export/professional_fees.csv": strToU8(toCsv([professionalLine()])),
        "export/facility_fees.parquet": readFileSync(parquet),
        "__MACOSX/export/._facility_fees.parquet": strToU8("junk"),
      }),
    );
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [2024],
      [{ path: zip, originalName: "practice.zip" }],
    );
    if (!outcome.accepted) throw new Error(JSON.stringify(outcome.report));
    expect(outcome.tables).toEqual({ professional_fees: 1, facility_fees: 1 });
    expect(outcome.rows).toBe(2);
  });

  test("Tuva input layer (medical_claim + eligibility, zipped)", async () => {
    const claims = [
      {
        claim_id: "T1",
        claim_line_number: 1,
        claim_type: "professional",
        person_id: "p1",
        claim_start_date: "2024-02-01",
        claim_line_start_date: "2024-02-01",
        place_of_service_code: "24",
        bill_type_code: "",
        ms_drg_code: "",
        revenue_center_code: "",
        service_unit_quantity: 1,
        hcpcs_code: "29881",
        hcpcs_modifier_1: "RT",
        rendering_npi: npiA,
        facility_npi: npiFacility,
        charge_amount: 1200,
        paid_amount: 600,
        payer: "Medicare",
      },
      {
        claim_id: "T2",
        claim_line_number: 1,
        claim_type: "institutional",
        person_id: "p2",
        claim_start_date: "2024-03-10",
        claim_line_start_date: "",
        place_of_service_code: "",
        bill_type_code: "0111",
        ms_drg_code: "470",
        revenue_center_code: "0360",
        service_unit_quantity: 1,
        hcpcs_code: "",
        hcpcs_modifier_1: "",
        rendering_npi: npiB,
        facility_npi: npiFacility,
        charge_amount: 40000,
        paid_amount: "",
        payer: "Acme",
      },
    ];
    const eligibility = [
      {
        person_id: "p1",
        zip_code: "02134",
        enrollment_start_date: "2023-01-01",
        payer: "Medicare",
        payer_type: "medicare",
      },
      {
        person_id: "p2",
        zip_code: "02135-0001",
        enrollment_start_date: "2024-01-01",
        payer: "Acme",
        payer_type: "commercial",
      },
    ];
    const zip = dir.write(
      "tuva.zip",
      zipSync({
        "medical_claim.csv": strToU8(toCsv(claims)),
        "eligibility.csv": strToU8(toCsv(eligibility)),
      }),
    );
    const outcome = await runJob(dir.dataDir, practice, [2024], [{ path: zip, originalName: "tuva.zip" }]);
    if (!outcome.accepted) throw new Error(JSON.stringify(outcome.report));
    const lines = await readParquet(dir.dataDir, outcome.outputs[0]!.path, "claim_id");
    expect(
      lines.map((line) => [
        line.claim_id,
        line.source,
        line.patient_zip,
        line.setting,
        line.category,
        line.bill_type,
        line.drg,
        line.payer_class,
        Number(line.paid_amount),
      ]),
    ).toEqual([
      ["T1", "professional", "02134", "ASC", "sports_medicine", null, null, "medicare", 600],
      ["T2", "facility", "02135", "IP", "le_joint_replacement", "111", "470", "commercial", 0],
    ]);
    expect(lines[1]!.rendering_npi).toBe(npiB);
  });

  test("a Tuva claim line without a patient zip is refused on the medical_claim row", async () => {
    const zip = dir.write(
      "tuva.zip",
      zipSync({
        "medical_claim.csv": strToU8(
          toCsv([
            {
              claim_id: "T1",
              claim_line_number: 1,
              claim_type: "professional",
              person_id: "nobody",
              claim_line_start_date: "2024-02-01",
              place_of_service_code: "11",
              hcpcs_code: "99213",
              rendering_npi: npiA,
              charge_amount: 10,
            },
          ]),
        ),
        "eligibility.csv": strToU8(toCsv([{ person_id: "p1", zip_code: "02134" }])),
      }),
    );
    const outcome = await runJob(dir.dataDir, practice, [2024], [{ path: zip, originalName: "tuva.zip" }]);
    expect(outcome.accepted ? [] : outcome.report.errors).toEqual([
      {
        table: "medical_claim (professional)",
        row: 1,
        column: "zip_code (eligibility)",
        reason: "is required",
      },
    ]);
  });

  test("a CSV that cannot be parsed is refused, not crashed on", async () => {
    const path = dir.write("professional_fees.csv", `${toCsv([professionalLine()])}"unterminated,1,2\n`);
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [2024],
      [{ path, originalName: "professional_fees.csv" }],
    );
    expect(outcome.accepted ? "" : outcome.report.errors[0]!.reason).toContain("cannot be read");
  });
});

describe("zip bombs", () => {
  const dir = tempDataDir();

  test("a 1 MB zip that inflates to 1 GiB is refused while inflating, with memory staying low", async () => {
    const bomb = buildZipBomb(1024 ** 3);
    expect(bomb.length).toBeLessThan(1.2 * 1024 ** 2);
    const path = dir.write("bomb.zip", bomb);
    const outDir = join(dir.dataDir, "tmp", "bomb");
    mkdirSync(outDir, { recursive: true });
    Bun.gc(true);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const refused = await inflateZip(path, defaultLimits, outDir).then(
      () => undefined,
      (error: Error) => error.message,
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(refused).toContain("zip bomb");
    // Stopped after the ratio grace (32 MiB), long before 1 GiB reached the disk or memory.
    expect(statSync(join(outDir, "entry-1")).size).toBeLessThan(64 * 1024 ** 2);
    expect(peak - before).toBeLessThan(150 * 1024 ** 2);
  });

  test("the same bomb as an upload is rejected with a report", async () => {
    const path = dir.write("bomb.zip", buildZipBomb(256 * 1024 ** 2));
    const outcome = await runJob(
      dir.dataDir,
      { kind: "market", marketKind: "IP" },
      [2024],
      [{ path, originalName: "m.zip" }],
    );
    expect(outcome.accepted ? "" : outcome.report.errors[0]!.reason).toContain(
      "inflates more than 200 times",
    );
  });

  test("the total inflated size is capped even at an innocent ratio", async () => {
    const path = dir.write("big.zip", buildZipBomb(64 * 1024 ** 2));
    const refused = await inflateZip(path, {
      ...defaultLimits,
      maxUncompressedBytes: 8 * 1024 ** 2,
      ratioGraceBytes: 1e12,
    }).catch((error: Error) => error.message);
    expect(refused).toContain("inflates to more than 8388608 bytes");
  });

  test("an archive with too many entries is refused", async () => {
    const entries = Object.fromEntries(
      Array.from({ length: 100 }, (_, index) => [`t${index}.csv`, strToU8("a\n1\n")]),
    );
    const path = dir.write("many.zip", zipSync(entries));
    const refused = await inflateZip(path, defaultLimits).catch((error: Error) => error.message);
    expect(refused).toBe("the archive has more than 64 entries");
  });
});
