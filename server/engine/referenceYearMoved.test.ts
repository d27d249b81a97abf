/**
 * Issue 19, "seen once": after the reference year moved and back, every analysis of the
 * organisation answered 500 "No files found ... area_cases_marked-....parquet" until a restart. The
 * organisation-year's schema (orgYearSchemas.ts) bound in the first round was still cached when the
 * reference year came back, over derived files that removeStale had deleted in between. Through the
 * API, on the demo organisation: its analyses read, the reference year moved by a staff-requested
 * older year with market data, read again (the stale derived files removed), moved back by removing
 * that year, read again: every analysis answers 200 with the figures of the first round.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { backends } from "../../tests/helpers/backends.ts";
import {
  createStaff,
  demoOrganisationId,
  signInCustomer,
  signInStaff,
} from "../../tests/helpers/factories.ts";
import type { HttpClient } from "../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { DEMO_EMAIL } from "../bootstrap/demoOrganisation.ts";
import { clearRunCache } from "./runPlugin.ts";

const ANALYSES = Array.from({ length: 11 }, (_, index) => `querie${index + 1}`);
const YEAR = 2025;
const fixtures = join(import.meta.dir, "..", "..", "fixtures", "small");

/** Every analysis of the year as the demo's customer reads it: status, cache and body. */
async function readAll(customer: HttpClient) {
  const answers: Record<string, { status: number; cache: string | null; text: string }> = {};
  for (const analysis of ANALYSES) {
    const answer = await customer.post(`/api/management/queries/${analysis}`, { filters: { year: YEAR } });
    answers[analysis] = { status: answer.status, cache: answer.headers.get("x-cache"), text: answer.text };
  }
  return answers;
}

const texts = (answers: Awaited<ReturnType<typeof readAll>>) =>
  Object.fromEntries(Object.entries(answers).map(([analysis, answer]) => [analysis, answer.text]));

/** The derived files of every year of the organisation and of the market, by path. */
function derivedFiles(dataDir: string, organisationId: string) {
  const folders = [
    ...[2022, 2023, 2024, 2025].map((year) =>
      join(dataDir, "warehouse", "practice", organisationId, String(year), "derived"),
    ),
    ...[2022, 2023, 2024, 2025].map((year) => join(dataDir, "warehouse", "market", String(year), "derived")),
  ];
  return folders.flatMap((folder) =>
    existsSync(folder) ? readdirSync(folder).map((name) => join(folder, name)) : [],
  );
}

/** Time passes: the derived files are older than removeStale's ten minutes. */
function ageFiles(paths: string[]) {
  const longAgo = new Date(Date.now() - 30 * 60_000);
  for (const path of paths) utimesSync(path, longAgo, longAgo);
}

/** The demo's 2023 inpatient market file as 2022's: an older year with market data. */
function marketOf2022() {
  const text = readFileSync(join(fixtures, "market", "2023", "market_ip.csv"), "utf8");
  const [header, ...rows] = text.trimEnd().split("\n");
  const moved = rows.map((row) => row.replace(/^2023,/, "2022,"));
  const form = new FormData();
  form.append(
    "files",
    new File([`${[header, ...moved].join("\n")}\n`], "market_ip.csv", { type: "text/csv" }),
  );
  form.append("kind", "IP");
  form.append("year", "2022");
  return form;
}

for (const backend of backends) {
  describe(`the reference year moved and back: analyses still answer (${backend})`, () => {
    let t: TestApp;
    let organisationId: string;
    let customer: HttpClient;
    let siteAdmin: HttpClient;
    beforeAll(async () => {
      t = await startTestApp(backend, {}, { demo: true });
      organisationId = await demoOrganisationId(t);
      customer = await signInCustomer(t, DEMO_EMAIL);
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
    }, 600_000);
    afterAll(() => t.close());

    test("every analysis answers 200 with the first round's figures after the reference year came back", async () => {
      const first = await readAll(customer);
      for (const analysis of ANALYSES)
        expect(`${analysis} ${first[analysis]!.status}`).toBe(`${analysis} 200`);
      const firstFiles = derivedFiles(t.dataDir, organisationId);
      expect(firstFiles.some((path) => path.includes("area_cases_marked-"))).toBe(true);
      ageFiles(firstFiles);

      // The reference year (the oldest available, 2023) moves to 2022: staff ask the customer for
      // 2022, and 2022's market data is there.
      expect((await siteAdmin.post("/api/services/advisory_board/file/", marketOf2022())).status).toBe(200);
      const requested = await siteAdmin.patch("/api/management/admin/valid/", {
        organization_uuid: organisationId,
        year: 2022,
      });
      expect(requested.status).toBe(200);
      const moved = await readAll(customer);
      for (const analysis of ANALYSES)
        expect(`${analysis} ${moved[analysis]!.status}`).toBe(`${analysis} 200`);
      // The reference year did move (figures against 2022), and the files of the first round that
      // the new ones replaced are gone (removeStale).
      expect(
        ANALYSES.filter((analysis) => moved[analysis]!.text !== first[analysis]!.text).length,
      ).toBeGreaterThan(0);
      const removed = firstFiles.filter((path) => !existsSync(path));
      expect(removed.some((path) => path.includes("area_cases_marked-"))).toBe(true);

      // Back: 2022 removed, 2023 is the reference year again, the same inputs as the first round.
      const back = await siteAdmin.delete("/api/management/admin/customer/remove-year/", {
        organization: organisationId,
        year: 2022,
        action: "delete",
      });
      expect(back.status).toBe(200);
      // Answers not in the result cache (evicted, or other filters) run on the bound schemas.
      clearRunCache();
      const again = await readAll(customer);
      for (const analysis of ANALYSES) {
        expect(`${analysis} ${again[analysis]!.status} ${again[analysis]!.cache}`).toBe(
          `${analysis} 200 miss`,
        );
      }
      expect(texts(again)).toEqual(texts(first));
    }, 600_000);
  });
}
