import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { questionnaireAnswersSchema } from "../../../schemes/questionnaire/schema.ts";

const main = join(import.meta.dir, "..", "main.ts");
const fixture = join(import.meta.dir, "..", "..", "..", "fixtures", "small");
const demoAnswers = join(fixture, "questionnaire.demo.json");
const out = mkdtempSync(join(tmpdir(), "vitality-generate-test-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Ingesting the small fixture takes a few seconds on an idle machine; shared runners are slower. */
const CLI_TIMEOUT_MS = 240_000;

async function vitality(...args: string[]) {
  const child = Bun.spawn([process.execPath, main, ...args], { stdout: "pipe", stderr: "pipe" });
  const [code, stdout, stderr] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  return { code, stdout, stderr };
}

const readJson = (...path: string[]) => JSON.parse(readFileSync(join(out, ...path), "utf8"));

/** A fixture CSV as rows of named cells (the fixture's CSVs have no quoted cells). */
function csv(...path: string[]) {
  const [header, ...lines] = readFileSync(join(fixture, ...path), "utf8")
    .trim()
    .split("\n");
  const names = header!.split(",");
  return lines.map((line) => {
    const cells = line.split(",");
    return Object.fromEntries(names.map((name, index) => [name, cells[index] ?? ""]));
  });
}

const round2 = (value: number) => Math.round(value * 100) / 100;

describe("fixtures/small/questionnaire.demo.json", () => {
  test("is a complete, valid set of answers under the questionnaire's schema", () => {
    const file = JSON.parse(readFileSync(demoAnswers, "utf8"));
    const parsed = questionnaireAnswersSchema.safeParse(file.answers);
    expect(parsed.success).toBe(true);
    // Nothing was dropped as hidden or blank: every answer in the file is kept.
    expect(Object.keys(parsed.data ?? {}).sort()).toEqual(Object.keys(file.answers).sort());
  });
});

describe("vitality generate on fixtures/small", () => {
  test(
    "demo 2024, every step: one file per step, figures a user would check",
    async () => {
      const result = await vitality(
        "generate",
        "--fixture",
        fixture,
        "--org",
        "demo",
        "--years",
        "2024",
        "--out",
        out,
        "--questionnaire",
        demoAnswers,
      );
      expect(result.stderr).not.toContain("refused");
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("7 of 7 scheme runs done for 1 organisation-years");
      for (const step of ["validations", "sc", "mc", "mp", "scoring"])
        expect(existsSync(join(out, "demo", "2024", `${step}.json`))).toBe(true);

      // The service area and the market, read straight from the fixture's files.
      const organisation = JSON.parse(
        readFileSync(join(fixture, "organizations", "demo", "organization.json"), "utf8"),
      );
      const area = new Set<string>(
        organisation.service_areas["2024"].map((zip: { zipcode: string }) => zip.zipcode),
      );
      const customerNpis = new Set<string>([
        ...organisation.providers.map((provider: { npi: string }) => provider.npi),
        ...organisation.facilities.map((facility: { npi: string }) => facility.npi),
      ]);
      const market = [
        ...csv("market", "2024", "market_ip.csv"),
        ...csv("market", "2024", "market_op.csv"),
      ].filter((row) => area.has(row.patient_zip!));
      const cases = (rows: typeof market) => rows.reduce((sum, row) => sum + Number(row.cases || 1), 0);
      const customer = market.filter(
        (row) => customerNpis.has(row.rendering_npi!) || customerNpis.has(row.facility_npi!),
      );

      const mp = readJson("demo", "2024", "mp.json").result;
      expect(mp["Total surgical"].market_volume).toBe(cases(market));
      expect(mp["Total surgical"].customer_cases).toBe(cases(customer));
      expect(mp["Total surgical"].market_share).toBe(round2((cases(customer) / cases(market)) * 100));
      // Growth against 2023, the year before.
      expect(mp["Non specific"].previous_year).toBe(2023);
      expect(mp["Total surgical"].market_growth).not.toBeNull();

      const demographics = csv("market", "2024", "demographics.csv").filter((row) => area.has(row.zip!));
      const population = demographics.reduce((sum, row) => sum + Number(row.population), 0);
      const over65 = demographics.reduce((sum, row) => sum + Number(row.population_65_plus), 0);
      expect(mp["Non specific"].population).toBe(population);
      expect(mp["Non specific"].share_aged_65_plus).toBe(round2((over65 / population) * 100));
      expect(mp["Non specific"].demographics_zips_covered).toBe(area.size);

      // Chiropractic (98940-98943) in the practice file: lines weighted by units.
      const chiropractic = csv("organizations", "demo", "practice", "2024", "professional_fees.csv").filter(
        (row) => /^9894[0-3]$/.test(row.cpt!),
      );
      const sc = readJson("demo", "2024", "sc.json").result;
      expect(sc.Chiropractic.volume).toBe(chiropractic.reduce((sum, row) => sum + Number(row.units || 1), 0));
      expect(sc.Chiropractic.providers).toEqual({ "Emily K. Reed DC": sc.Chiropractic.volume });

      // The answers were stored valid before MC: the example's 6 of 6 governance practices.
      const mc = readJson("demo", "2024", "mc.json").result;
      expect(mc.Rollup.questionnaire_state).toBe("valid");
      expect(mc.Governance.coverage).toBe(100);

      const scoring = readJson("demo", "2024", "scoring.json").result;
      expect(scoring.centricity).toBe(16); // 8 of the 10 patient-centred practices are Yes
      const weighted =
        0.3 * scoring.market_alignement +
        0.1 * scoring.centricity +
        0.1 * scoring.competitive_comparison +
        0.3 * scoring.partnerships +
        0.2 * scoring.service_mix_and_strength;
      expect(scoring.total).toBe(Math.round(weighted * 10) / 10);
      for (const key of [
        "market_alignement",
        "competitive_comparison",
        "partnerships",
        "service_mix_and_strength",
      ]) {
        expect(scoring[key]).toBeGreaterThanOrEqual(0);
        expect(scoring[key]).toBeLessThanOrEqual(20);
        expect(typeof scoring.formulas[key]).toBe("string");
      }

      const validations = readJson("demo", "2024", "validations.json");
      expect(validations.facility.done).toBe(true);
      expect(validations.provider.done).toBe(true);
      expect(validations.global.done).toBe(true);

      const summary = readJson("summary.json");
      expect(summary.runs.map((run: { scheme: string }) => run.scheme)).toEqual([
        "validation_facility",
        "validation_provider",
        "service_capabilities",
        "validation_global",
        "macro_capabilities",
        "market_profile",
        "scoring",
      ]);
      expect(Object.keys(summary.step_ms)).toEqual(["validations", "sc", "mc", "mp", "scoring"]);
    },
    CLI_TIMEOUT_MS,
  );

  test(
    "a step its gate refuses prints why and exits 1",
    async () => {
      const refusedOut = join(out, "refused");
      const result = await vitality(
        "generate",
        "--fixture",
        fixture,
        "--org",
        "riverside",
        "--years",
        "2024",
        "--steps",
        "sc,scoring",
        "--out",
        refusedOut,
      );
      expect(result.code).toBe(1);
      // No validation ran, so SC is refused; the organisation-year stops there.
      expect(result.stderr).toContain(
        "riverside 2024 sc: service_capabilities refused: You need to validate facilities and providers first",
      );
      expect(existsSync(join(refusedOut, "riverside", "2024", "sc.json"))).toBe(false);
      expect(JSON.parse(readFileSync(join(refusedOut, "summary.json"), "utf8")).ok).toBe(false);
    },
    CLI_TIMEOUT_MS,
  );

  test("bad options name the option and the rule, before anything is loaded", async () => {
    const steps = await vitality(
      "generate",
      "--fixture",
      fixture,
      "--org",
      "demo",
      "--years",
      "2024",
      "--out",
      out,
      "--steps",
      "sc,colour",
    );
    expect(steps.code).toBe(2);
    expect(steps.stderr).toContain("--steps: each step must be one of validations, sc, mc, mp, scoring");
    const both = await vitality(
      "generate",
      "--fixture",
      fixture,
      "--org",
      "demo",
      "--all",
      "--years",
      "2024",
      "--out",
      out,
    );
    expect(both.stderr).toContain("give either --org SLUG or --all");
    const years = await vitality("generate", "--fixture", fixture, "--all", "--years", "24", "--out", out);
    expect(years.stderr).toContain("--years must be 4-digit years separated by commas");
  });

  test("a questionnaire file the form would refuse is refused, naming the field", async () => {
    const bad = join(out, "bad-answers.json");
    await Bun.write(bad, JSON.stringify({ demo: { ownership_ambulatory_surgical_centers: "Yes" } }));
    const result = await vitality(
      "generate",
      "--fixture",
      fixture,
      "--org",
      "demo",
      "--years",
      "2024",
      "--out",
      out,
      "--questionnaire",
      bad,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("--questionnaire: demo.ownership_stake: Please fill out this field");
  });
});
