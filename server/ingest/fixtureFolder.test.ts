import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { backends } from "../../tests/helpers/backends.ts";
import { createOrganisation } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { organisationYears } from "../db/schema/index.ts";
import { ingestFixtureFolder } from "./fixtureFolder.ts";
import { facilityLine, marketRow, professionalLine, toCsv } from "./testing/builders.ts";
import { tuvaDemoClaims, tuvaDemoEligibility } from "./testing/tuvaDemo.ts";

for (const backend of backends) {
  describe(`ingestFixtureFolder (${backend})`, () => {
    let t: TestApp;
    let fixture: string;
    let organisationId: string;

    beforeAll(async () => {
      t = await startTestApp(backend);
      organisationId = (await createOrganisation(t, { slug: "tiny" })).id;
      fixture = join(t.dataDir, "fixture");
      const put = (path: string, content: string) => {
        mkdirSync(join(fixture, path, ".."), { recursive: true });
        writeFileSync(join(fixture, path), content);
      };
      put("market/2024/market_ip.csv", toCsv([marketRow({ bill_type: "0111" })]));
      put("market/2024/market_op.csv", toCsv([marketRow(), marketRow({ claim_id: "M2" })]));
      put("market/2024/demographics.csv", toCsv([{ zip: "02134", population: 10, population_65_plus: 2 }]));
      put("organizations/tiny/organization.json", "{}");
      put("organizations/tiny/practice/2024/professional_fees.csv", toCsv([professionalLine()]));
      put("organizations/tiny/practice/2024/facility_fees.csv", toCsv([facilityLine()]));
      put(
        "organizations/tiny/practice/2024/payor_classification.csv",
        toCsv([{ payer: "Medicare", payer_class: "medicare" }]),
      );
    }, 60_000);
    afterAll(async () => {
      await t.close();
    });

    test("ingests market kinds and practice years, then skips what is already there", async () => {
      const first = await ingestFixtureFolder(t.context, fixture, { orgSlug: "tiny" });
      expect(
        first.market.map((entry) => [
          entry.kind,
          entry.result === "skipped" ? "skipped" : entry.result.status,
        ]),
      ).toEqual([
        ["DEMO", "accepted"],
        ["IP", "accepted"],
        ["OP", "accepted"],
      ]);
      expect(first.practice).toMatchObject([
        { year: 2024, result: { status: "accepted", years: [2024], rows: 2, skippedRows: 0 } },
      ]);
      const [year] = await t.context.database.db
        .select()
        .from(organisationYears)
        .where(eq(organisationYears.organisationId, organisationId));
      expect(year).toMatchObject({ year: 2024, fileState: "uploaded", rows: 2 });

      const again = await ingestFixtureFolder(t.context, fixture, { orgSlug: "tiny" });
      expect([...again.market, ...again.practice].every((entry) => entry.result === "skipped")).toBe(true);
    }, 60_000);

    test("an unknown organisation is an error", async () => {
      await expect(ingestFixtureFolder(t.context, fixture, { orgSlug: "nobody" })).rejects.toThrow(
        "no organisation 'nobody'",
      );
    });

    test("a whole extract at the practice folder's root is split by service year", async () => {
      const extract = (await createOrganisation(t, { slug: `extract-${backend}` })).id;
      const folder = join(fixture, "organizations", `extract-${backend}`, "practice");
      mkdirSync(folder, { recursive: true });
      const claims = [
        ...tuvaDemoClaims,
        { ...tuvaDemoClaims[0]!, claim_id: "OLD", claim_line_start_date: "2023-11-02" },
      ];
      const eligibility = tuvaDemoEligibility.map((row) => ({ ...row, enrollment_start_date: "2023-01-01" }));
      writeFileSync(join(folder, "medical_claim.csv"), toCsv(claims));
      writeFileSync(join(folder, "eligibility.csv"), toCsv(eligibility));
      const summary = await ingestFixtureFolder(t.context, fixture, {
        orgSlug: `extract-${backend}`,
        market: false,
      });
      expect(summary.practice).toMatchObject([
        { year: 0, result: { status: "accepted", years: [2023, 2024], rows: 9 } },
      ]);
      const years = await t.context.database.db
        .select()
        .from(organisationYears)
        .where(eq(organisationYears.organisationId, extract));
      expect(years.map((row) => [row.year, row.rows, row.fileState]).sort()).toEqual([
        [2023, 1, "uploaded"],
        [2024, 8, "uploaded"],
      ]);
    }, 120_000);
  });
}
