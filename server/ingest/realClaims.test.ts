/** Real claims as they come (data-contract.md section 9), through the parse/validate/write step. */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { strToU8, zipSync } from "fflate";
import { openDuckDb } from "../duckdb/open.ts";
import { badNpi, professionalLine, tempDataDir, toCsv } from "./testing/builders.ts";
import { readParquet, runJob } from "./testing/runJob.ts";
import { tuvaDemoClaims, tuvaDemoEligibility } from "./testing/tuvaDemo.ts";

const practice = { kind: "practice" } as const;
const dir = tempDataDir("vitality-real-claims-");
const tuvaZip = (
  claims = tuvaDemoClaims,
  eligibility: typeof tuvaDemoEligibility | null = tuvaDemoEligibility,
) =>
  dir.write(
    "tuva.zip",
    zipSync({
      "medical_claim.csv": strToU8(toCsv(claims)),
      ...(eligibility ? { "eligibility.csv": strToU8(toCsv(eligibility)) } : {}),
    }),
  );
const tuvaFile = (path: string) => [{ path, originalName: "tuva_demo.zip" }];

describe("the Tuva demo shape", async () => {
  const outcome = await runJob(dir.dataDir, practice, [2024], tuvaFile(tuvaZip()));
  if (!outcome.accepted) throw new Error(JSON.stringify(outcome.report));
  const lines = await readParquet(dir.dataDir, outcome.outputs[0]!.path, "source, claim_id, line");
  const line = (claim: string, number = 1) =>
    lines.find((row) => row.claim_id === claim && row.line === number)!;

  test("is accepted whole: units 0, letter frequency codes and reversals are real values", () => {
    expect(outcome.rows).toBe(8);
    expect(line("C1", 2).units).toBe(1);
    expect(line("I1")).toMatchObject({ bill_type: "13I", setting: "OP" });
    expect(Number(line("C2", 2).paid_amount)).toBe(-1500);
  });

  test("payer class: the line's payer, else eligibility's payer_type on the service date, else other", () => {
    expect(
      lines.filter((row) => row.payer_class === "medicare").map((row) => `${row.claim_id}:${row.line}`),
    ).toEqual(["I1:1", "C1:1", "C1:2", "C2:1", "C2:2", "C5:1"]);
    expect(line("I2").payer_class).toBe("commercial");
    // P3's medicaid coverage starts 2024-07-01; the visit is on 2024-03-04.
    expect(line("C4").payer_class).toBe("other");
  });

  test("categories: 36415 and 66984 have none and are no cases; the knee and DRG 470 are one case each", () => {
    expect(line("C1", 2).category).toBeNull();
    expect(line("I1").category).toBeNull();
    expect(line("I1").is_surgical).toBe(false);
    expect(line("I2")).toMatchObject({ category: "le_joint_replacement", is_case_primary: true });
    const cases = lines
      .filter((row) => row.is_case_primary)
      .map((row) => `${row.claim_id}:${row.case_service_line}`);
    expect(cases.sort()).toEqual(["C2:le_joint_replacement", "I2:le_joint_replacement"]);
  });

  test("revenue is net: 80 + 3 + 1500 - 1500 + 60 + 40 + 900 + 12000 = 13,083", () => {
    expect(lines.reduce((sum, row) => sum + Number(row.paid_amount), 0)).toBe(13_083);
    expect(Number(line("C2").paid_amount) + Number(line("C2", 2).paid_amount)).toBe(0);
  });

  test("warnings: units 0, no setting, no category, each with its count and the file's column", () => {
    const warnings = outcome.warnings.map((warning) => [
      warning.code,
      warning.table,
      warning.column,
      warning.count,
    ]);
    expect(warnings.sort()).toEqual([
      ["no_category", "medical_claim (institutional)", "hcpcs_code", 1],
      ["no_category", "medical_claim (professional)", "hcpcs_code", 1],
      ["no_setting", "medical_claim (professional)", "place_of_service_code", 1],
      ["units_zero", "medical_claim (professional)", "service_unit_quantity", 1],
    ]);
    expect(outcome.warnings.every((warning) => warning.year === 2024)).toBe(true);
    expect(outcome.tablesRead).toEqual([
      { file: "medical_claim.csv in tuva_demo.zip", table: "medical_claim" },
      { file: "eligibility.csv in tuva_demo.zip", table: "eligibility" },
    ]);
  });
});

describe("one report, all at once, in the user's words", () => {
  test("a Tuva claims file without eligibility: one error asking for it, not one per line", async () => {
    const outcome = await runJob(dir.dataDir, practice, [2024], tuvaFile(tuvaZip(tuvaDemoClaims, null)));
    expect(outcome.accepted ? [] : outcome.report.errors).toEqual([
      {
        table: "eligibility",
        row: 0,
        column: "",
        reason:
          "the eligibility table is missing: add the eligibility file (it gives each patient's zip code and coverage)",
      },
    ]);
  });

  test("eligibility and claim errors come together, named as in the Tuva file", async () => {
    const claims = tuvaDemoClaims.map((row, index) =>
      index === 2
        ? { ...row, rendering_npi: badNpi }
        : index === 4
          ? { ...row, service_unit_quantity: "two" }
          : row,
    );
    const eligibility = tuvaDemoEligibility.map((row, index) =>
      index === 2 ? { ...row, zip_code: "" } : row,
    );
    const outcome = await runJob(dir.dataDir, practice, [2024], tuvaFile(tuvaZip(claims, eligibility)));
    expect(outcome.accepted).toBe(false);
    if (outcome.accepted) return;
    expect(
      outcome.report.errors.map((error) => [error.table, error.row, error.column, error.reason]),
    ).toEqual([
      ["eligibility", 3, "zip_code", "is required"],
      ["medical_claim (professional)", 3, "rendering_npi", "is not a valid NPI (check digit)"],
      ["medical_claim (professional)", 5, "zip_code (eligibility)", "is required"],
      [
        "medical_claim (professional)",
        5,
        "service_unit_quantity",
        "must be a whole number >= 0 (0 counts as 1)",
      ],
    ]);
    expect(outcome.report).toMatchObject({ total: 4, invalidRows: 3, fileLevel: false });
  });

  test("a missing required column is one error, and the other columns are still checked", async () => {
    const rows = [professionalLine(), professionalLine({ line: 2, rendering_npi: badNpi })].map(
      ({ place_of_service: _pos, ...row }) => row,
    );
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [2024],
      [{ path: dir.write("p.csv", toCsv(rows)), originalName: "professional_fees.csv" }],
    );
    expect(
      outcome.accepted ? [] : outcome.report.errors.map((error) => [error.row, error.column, error.reason]),
    ).toEqual([
      [0, "place_of_service", "professional_fees.csv has no place_of_service column: it is required"],
      [2, "rendering_npi", "is not a valid NPI (check digit)"],
    ]);
  });

  test("a file missing several required columns: one error per column, naming it and the file", async () => {
    const rows = Array.from({ length: 40 }, (_, index) => professionalLine({ line: index + 1 })).map(
      ({ service_date: _date, cpt: _cpt, rendering_npi: _npi, ...row }) => row,
    );
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [2024],
      [{ path: dir.write("p.csv", toCsv(rows)), originalName: "claims_2024.csv" }],
    );
    expect(outcome.accepted ? undefined : outcome.report).toMatchObject({
      total: 3,
      fileLevel: true,
      errors: [
        {
          table: "professional_fees",
          row: 0,
          column: "service_date",
          reason: "claims_2024.csv has no service_date column: it is required",
        },
        {
          table: "professional_fees",
          row: 0,
          column: "rendering_npi",
          reason: "claims_2024.csv has no rendering_npi column: it is required",
        },
        {
          table: "professional_fees",
          row: 0,
          column: "cpt",
          reason: "claims_2024.csv has no cpt column: it is required",
        },
      ],
    });
  });

  test("a Tuva claims file without its dates or codes: one error per missing column, not one per line", async () => {
    const claims = tuvaDemoClaims.map(
      ({
        claim_line_start_date: _line,
        claim_start_date: _start,
        admission_date: _admission,
        hcpcs_code: _code,
        ...row
      }) => row,
    );
    const outcome = await runJob(dir.dataDir, practice, [2024], tuvaFile(tuvaZip(claims)));
    expect(outcome.accepted ? undefined : outcome.report.errors).toEqual([
      {
        table: "medical_claim",
        row: 0,
        column: "claim_line_start_date",
        reason:
          "medical_claim.csv in tuva_demo.zip has no claim_line_start_date column (nor claim_start_date or admission_date): it is required",
      },
      {
        table: "medical_claim",
        row: 0,
        column: "hcpcs_code",
        reason: "medical_claim.csv in tuva_demo.zip has no hcpcs_code column: it is required",
      },
    ]);
  });

  const badRows = [professionalLine(), professionalLine({ line: 2, rendering_npi: badNpi })];
  const renamed = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [key === "rendering_npi" ? "Rendering_NPI" : key, value]),
    );

  test("CSV: the column as the header writes it", async () => {
    const path = dir.write("claims_2024.csv", toCsv(badRows.map(renamed) as never));
    const outcome = await runJob(dir.dataDir, practice, [2024], [{ path, originalName: "claims_2024.csv" }]);
    expect(outcome.accepted ? undefined : outcome.report.errors[0]).toEqual({
      table: "professional_fees",
      row: 2,
      column: "Rendering_NPI",
      reason: "is not a valid NPI (check digit)",
    });
    expect(outcome.accepted ? undefined : outcome.report.tablesRead).toEqual([
      { file: "claims_2024.csv", table: "professional_fees" },
    ]);
  });

  test("Parquet: the column as the file's schema names it", async () => {
    const csv = dir.write("source.csv", toCsv(badRows.map(renamed) as never));
    const path = join(dir.dataDir, "inputs", "export.parquet");
    const duck = await openDuckDb({ dataDir: dir.dataDir, threads: 1 });
    try {
      await duck.run(
        `COPY (SELECT * FROM read_csv('${csv}', all_varchar = true)) TO '${path}' (FORMAT parquet)`,
      );
    } finally {
      duck.close();
    }
    const outcome = await runJob(dir.dataDir, practice, [2024], [{ path, originalName: "export.parquet" }]);
    expect(
      outcome.accepted ? undefined : [outcome.report.errors[0]?.column, outcome.report.tablesRead],
    ).toEqual(["Rendering_NPI", [{ file: "export.parquet", table: "professional_fees" }]]);
  });

  test("XLSX: a sheet not named after its table is read by its header, its columns named as written", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Sheet1");
    const header = Object.keys(renamed(badRows[0]!));
    sheet.addRow(header);
    for (const row of badRows.map(renamed)) sheet.addRow(header.map((column) => row[column] as never));
    const path = join(dir.dataDir, "inputs", "export.xlsx");
    await workbook.xlsx.writeFile(path);
    const outcome = await runJob(dir.dataDir, practice, [2024], [{ path, originalName: "export.xlsx" }]);
    expect(
      outcome.accepted ? undefined : [outcome.report.errors[0]?.column, outcome.report.tablesRead],
    ).toEqual(["Rendering_NPI", [{ file: "sheet Sheet1 of export.xlsx", table: "professional_fees" }]]);
  });

  test("a file that cannot be read gets a plain message: no path, no engine text", async () => {
    const path = dir.write("broken.parquet", Buffer.concat([Buffer.from("PAR1"), Buffer.alloc(64, 7)]));
    const outcome = await runJob(dir.dataDir, practice, [2024], [{ path, originalName: "claims.parquet" }]);
    const reason = outcome.accepted ? "" : outcome.report.errors[0]!.reason;
    expect(reason).toBe("claims.parquet cannot be read: it must be a Parquet file");
    expect(reason).not.toContain(dir.dataDir);
  });
});

describe("warnings of a file that loads", () => {
  test("no paid_amount column: revenue 0, said with the count; a payer not classified", async () => {
    const rows = [professionalLine({ payer: "Mystery Health" }), professionalLine({ line: 2 })].map(
      ({ paid_amount: _paid, ...row }) => row,
    );
    const payers = dir.write("payers.csv", toCsv([{ payer: "Acme Health", payer_class: "commercial" }]));
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [2024],
      [
        { path: dir.write("lines.csv", toCsv(rows)), originalName: "lines.csv" },
        { path: payers, originalName: "payers.csv" },
      ],
    );
    if (!outcome.accepted) throw new Error(JSON.stringify(outcome.report));
    expect(outcome.warnings.map((warning) => [warning.code, warning.count])).toEqual([
      ["paid_amount_missing", 2],
      ["payer_unclassified", 1],
    ]);
    expect(outcome.warnings[1]!.message).toContain("(Mystery Health)");
    expect(outcome.tablesRead).toEqual([
      { file: "lines.csv", table: "professional_fees" },
      { file: "payers.csv", table: "payor_classification" },
    ]);
  });
});

describe("loading the valid rows on purpose", () => {
  const rows = [
    professionalLine(),
    professionalLine({ line: 2, rendering_npi: badNpi }),
    professionalLine({ line: 3, cpt: "27447" }),
    professionalLine({ line: 3, cpt: "99214" }),
  ];
  const file = () => [{ path: dir.write("skip.csv", toCsv(rows)), originalName: "professional_fees.csv" }];

  test("without the request the file is refused whole, and the report says what skipping would set aside", async () => {
    const outcome = await runJob(dir.dataDir, practice, [2024], file());
    expect(outcome.accepted).toBe(false);
    if (!outcome.accepted)
      expect(outcome.report).toMatchObject({ total: 2, invalidRows: 2, fileLevel: false });
  });

  test("with skip_invalid the valid rows load; the others are listed with their reasons in the user's columns", async () => {
    const outcome = await runIngest(file(), { skipInvalid: true });
    if (!outcome.accepted) throw new Error(JSON.stringify(outcome.report));
    expect(outcome.rows).toBe(2);
    expect(outcome.skippedRows).toBe(2);
    const csv = readFileSync(outcome.rejectedRowsPath!, "utf8").trim().split("\n");
    expect(csv[0]!.split(",").slice(0, 4)).toEqual(["table", "row", "reasons", "claim_id"]);
    expect(csv).toHaveLength(3);
    expect(csv[1]).toStartWith("professional_fees,2,rendering_npi: is not a valid NPI (check digit),C1,2,");
    expect(csv[2]).toStartWith(
      'professional_fees,4,"claim_id, line: duplicate (claim_id, line): first given on row 3",C1,3,',
    );
    expect(csv[1]).toContain(badNpi);
    const lines = await readParquet(dir.dataDir, outcome.outputs[0]!.path, "line");
    expect(lines.map((row) => [row.line, row.cpt])).toEqual([
      [1, "99213"],
      [3, "27447"],
    ]);
  });

  test("a missing table or column cannot be skipped: the file is still refused", async () => {
    const outcome = await runIngest(tuvaFile(tuvaZip(tuvaDemoClaims, null)), { skipInvalid: true });
    expect(outcome.accepted).toBe(false);
  });
});

describe("a whole extract at once", () => {
  test("lines of several years are split by service year (Tuva: claim_line_start_date)", async () => {
    const claims = [
      ...tuvaDemoClaims,
      {
        ...tuvaDemoClaims[0]!,
        claim_id: "OLD",
        claim_line_start_date: "2023-11-02",
        claim_start_date: "2023-11-02",
      },
    ];
    const eligibility = tuvaDemoEligibility.map((row) => ({ ...row, enrollment_start_date: "2023-01-01" }));
    const outcome = await runJob(dir.dataDir, practice, [], tuvaFile(tuvaZip(claims, eligibility)));
    if (!outcome.accepted) throw new Error(JSON.stringify(outcome.report));
    expect(outcome.outputs.map((output) => [output.year, output.rows])).toEqual([
      [2023, 1],
      [2024, 8],
    ]);
    expect(
      (await readParquet(dir.dataDir, outcome.outputs[0]!.path)).map((row) => [row.year, row.claim_id]),
    ).toEqual([[2023, "OLD"]]);
  });
});

async function runIngest(files: { path: string; originalName: string }[], options: { skipInvalid: boolean }) {
  const { runIngestJob } = await import("./pipeline.ts");
  const { defaultLimits } = await import("./limits.ts");
  const { mkdirSync } = await import("node:fs");
  const workDir = join(dir.dataDir, "tmp", `skip-${Math.random().toString(36).slice(2)}`);
  mkdirSync(workDir, { recursive: true });
  return runIngestJob({
    target: practice,
    years: [2024],
    files,
    dataDir: dir.dataDir,
    workDir,
    limits: defaultLimits,
    skipInvalid: options.skipInvalid,
  });
}
