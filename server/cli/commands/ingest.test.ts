import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { badNpi, professionalLine, tempDataDir, toCsv } from "../../ingest/testing/builders.ts";

const main = join(import.meta.dir, "..", "main.ts");

async function vitality(...args: string[]) {
  const child = Bun.spawn([process.execPath, main, ...args], { stdout: "pipe", stderr: "pipe" });
  const [code, stdout, stderr] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  return { code, stdout, stderr };
}

describe("vitality ingest --dry-run", () => {
  const dir = tempDataDir();

  test("a valid practice file: exit 0, rows counted, no database needed", async () => {
    const path = dir.write(
      "professional_fees.csv",
      toCsv([professionalLine(), professionalLine({ line: 2 })]),
    );
    const result = await vitality("ingest", "practice", "--year", "2024", "--dry-run", path);
    expect(result.stdout).toContain("2 rows would be accepted for 2024.");
    expect(result.code).toBe(0);
  });

  test("a refused file: the report is printed and the exit code is 1", async () => {
    const path = dir.write("professional_fees.csv", toCsv([professionalLine({ rendering_npi: badNpi })]));
    const result = await vitality("ingest", "practice", "--year", "2024", "--dry-run", path);
    expect(result.stderr).toContain(
      "professional_fees row 1 rendering_npi: is not a valid NPI (check digit)",
    );
    expect(result.stderr).toContain("1 error: the file would be refused.");
    expect(result.code).toBe(1);
  });

  test("--skip-invalid loads the valid rows; warnings and the table each file was read as are printed", async () => {
    const path = dir.write(
      "claims_2024.csv",
      toCsv([professionalLine({ units: 0 }), professionalLine({ line: 2, rendering_npi: badNpi })]),
    );
    const refused = await vitality("ingest", "practice", "--year", "2024", "--dry-run", path);
    expect(refused.stderr).toContain("claims_2024.csv read as professional_fees");
    expect(refused.stderr).toContain("--skip-invalid loads the valid rows and sets the 1 invalid one aside.");
    const result = await vitality(
      "ingest",
      "practice",
      "--year",
      "2024",
      "--dry-run",
      "--skip-invalid",
      path,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("1 rows would be accepted for 2024.");
    expect(result.stdout).toContain("1 invalid row set aside.");
  });

  test("bad options name the option and the rule", async () => {
    const result = await vitality("ingest", "market", "--kind", "XX", "--year", "2024", "--dry-run", "x.csv");
    expect(result.stderr).toContain("--kind must be IP, OP or DEMO");
    expect(result.code).toBe(1);
    const next = new Date().getUTCFullYear() + 1;
    const outside = await vitality(
      "ingest",
      "market",
      "--kind",
      "OP",
      "--year",
      "1999",
      "--dry-run",
      "x.csv",
    );
    expect(outside.stderr).toContain(`--year: each year must be a year from 2000 to ${next}`);
    expect(outside.code).toBe(1);
  });
});
