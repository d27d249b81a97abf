/**
 * Extracts as they come (data-contract.md section 9): files of several years at once, or lines
 * outside the years the uploader ticked, with the riverside fixture's files.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { canSkipInvalid } from "./report.ts";
import { tempDataDir } from "./testing/builders.ts";
import { runJob } from "./testing/runJob.ts";

const practice = { kind: "practice" } as const;
const riverside = join(import.meta.dir, "../../fixtures/small/organizations/riverside/practice");
const dir = tempDataDir("vitality-extracts-");
const lines = (year: number, table: string) =>
  readFileSync(join(riverside, String(year), `${table}.csv`), "utf8")
    .trim()
    .split("\n").length - 1;
/** The riverside file of a year, uploaded under its own name. */
const file = (year: number, table: string) => ({
  path: dir.write(`${year}-${table}.csv`, readFileSync(join(riverside, String(year), `${table}.csv`))),
  originalName: `${table}.csv`,
});
/** One file holding the lines of several years (an extract), header once. */
const merged = (years: number[], table: string) => {
  const [header, ...rest] = years.map((year) =>
    readFileSync(join(riverside, String(year), `${table}.csv`), "utf8")
      .trim()
      .split("\n"),
  );
  const text = [...header!, ...rest.flatMap((body) => body.slice(1))].join("\n");
  return { path: dir.write(`${years.join("-")}-${table}.csv`, `${text}\n`), originalName: `${table}.csv` };
};

describe("lines outside the years ticked", () => {
  test("2023's files with 2025 ticked: one error for 2023, and no 'Load the valid rows'", async () => {
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [2025],
      [file(2023, "professional_fees"), file(2023, "facility_fees"), file(2023, "payor_classification")],
    );
    if (outcome.accepted) throw new Error("accepted");
    const n = lines(2023, "professional_fees") + lines(2023, "facility_fees");
    expect(outcome.report.errors).toEqual([
      {
        table: "professional_fees, facility_fees",
        row: 0,
        column: "service_date",
        reason: `${n} lines of 2023 are not in the years you chose (2025): tick 2023 or upload the 2025 lines only`,
      },
    ]);
    expect(outcome.report.total).toBe(1);
    expect(outcome.report.invalidRows).toBe(n);
    expect(outcome.report.keptRows).toBe(0);
    expect(canSkipInvalid(outcome.report)).toBe(false);
  });

  test("an extract of 2023-2025 with 2025 ticked: one error per other year; the 2025 lines may load alone", async () => {
    const files = [
      merged([2023, 2024, 2025], "professional_fees"),
      merged([2023, 2024, 2025], "facility_fees"),
    ];
    const outcome = await runJob(dir.dataDir, practice, [2025], files);
    if (outcome.accepted) throw new Error("accepted");
    const of = (year: number) => lines(year, "professional_fees") + lines(year, "facility_fees");
    expect(outcome.report.errors.map((error) => error.reason)).toEqual([
      `${of(2023)} lines of 2023 are not in the years you chose (2025): tick 2023 or upload the 2025 lines only`,
      `${of(2024)} lines of 2024 are not in the years you chose (2025): tick 2024 or upload the 2025 lines only`,
    ]);
    expect(outcome.report.keptRows).toBe(of(2025));
    expect(canSkipInvalid(outcome.report)).toBe(true);

    const skipped = await runJob(dir.dataDir, practice, [2025], files, {}, { skipInvalid: true });
    if (!skipped.accepted) throw new Error(JSON.stringify(skipped.report));
    expect(skipped.years).toEqual([2025]);
    expect(skipped.rows).toBe(of(2025));
    expect(skipped.skippedRows).toBe(of(2023) + of(2024));
  });

  test("a date outside the data years is still a row error", async () => {
    const source = readFileSync(join(riverside, "2025", "professional_fees.csv"), "utf8").split("\n");
    source[1] = source[1]!.replace(/2025-\d\d-\d\d/, "1999-01-04");
    const path = dir.write("old.csv", source.join("\n"));
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [2025],
      [{ path, originalName: "professional_fees.csv" }],
    );
    expect(outcome.accepted ? [] : outcome.report.errors).toEqual([
      {
        table: "professional_fees",
        row: 1,
        column: "service_date",
        reason: expect.stringMatching(/^must fall in a year from 2000 to \d{4}$/),
      },
    ]);
  });
});

describe("one upload of several years' files", () => {
  const tables = ["professional_fees", "facility_fees", "payor_classification"];
  const all = [2023, 2024, 2025].flatMap((year) => tables.map((table) => file(year, table)));
  const of = (year: number) => lines(year, "professional_fees") + lines(year, "facility_fees");

  test.each([
    ["no year ticked", []],
    ["the three years ticked", [2023, 2024, 2025]],
  ])(
    "the riverside files of 2023-2025, %s: split by service date, one output per year",
    async (_name, years) => {
      const outcome = await runJob(dir.dataDir, practice, years, all);
      if (!outcome.accepted) throw new Error(JSON.stringify(outcome.report));
      expect(outcome.outputs.map((output) => [output.year, output.rows])).toEqual([
        [2023, of(2023)],
        [2024, of(2024)],
        [2025, of(2025)],
      ]);
      // The same payers in each year's classification are read once.
      expect(outcome.tables.payor_classification).toBe(lines(2025, "payor_classification"));
      expect(outcome.tablesRead).toHaveLength(9);
    },
  );

  test("an error in the second file of a table names that file and its own row", async () => {
    const source = readFileSync(join(riverside, "2024", "professional_fees.csv"), "utf8").split("\n");
    source[3] = source[3]!.replace(/,(\d{2}),/, ",XX,");
    const bad = {
      path: dir.write("bad-2024.csv", source.join("\n")),
      originalName: "professional_fees_2024.csv",
    };
    const outcome = await runJob(dir.dataDir, practice, [], [file(2023, "professional_fees"), bad]);
    expect(outcome.accepted ? [] : outcome.report.errors).toEqual([
      {
        table: "professional_fees (professional_fees_2024.csv)",
        row: 3,
        column: "place_of_service",
        reason: "must be a 2-digit place-of-service code",
      },
    ]);
  });

  test("a line given again in another file names where it was first given", async () => {
    const again = readFileSync(join(riverside, "2023", "professional_fees.csv"), "utf8")
      .split("\n")
      .slice(0, 3);
    const path = dir.write("again.csv", `${again.join("\n")}\n`);
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [],
      [file(2023, "professional_fees"), { path, originalName: "again.csv" }],
    );
    expect(
      outcome.accepted ? [] : outcome.report.errors.map((error) => [error.table, error.row, error.reason]),
    ).toEqual([
      [
        "professional_fees (again.csv)",
        1,
        "duplicate (claim_id, line): first given on row 1 of professional_fees (professional_fees.csv)",
      ],
      [
        "professional_fees (again.csv)",
        2,
        "duplicate (claim_id, line): first given on row 2 of professional_fees (professional_fees.csv)",
      ],
    ]);
  });
});
