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
  });
}
