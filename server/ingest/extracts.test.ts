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
