/**
 * querie11 through the API, on PGlite and PostgreSQL: the what-if percentages are refused naming
 * the field when out of range or not numbers; accepted ones (body, query string, saved view) run,
 * and the year's demographics uploaded to the warehouse reach the kernel.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { organisationYears, providers, serviceAreas } from "../../server/db/schema/index.ts";
import { openDuckDb } from "../../server/duckdb/open.ts";
import { demographicsColumns } from "../../server/engine/canonicalColumns.ts";
import { marketCase, writeParquet } from "../../server/engine/testing/golden.ts";
import { queriesApp, sameBrowser, writeWarehouse } from "../../server/engine/testing/queriesApp.ts";
import { warehousePaths } from "../../server/ingest/storage.ts";
import { backends } from "../../tests/helpers/backends.ts";
import { createCustomer, createOrganisation, signInCustomer } from "../../tests/helpers/factories.ts";
import type { HttpClient } from "../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";

/*
 * PSA 10001. Market 2024: the customer's 2 spine cases (paid 2,000 for the row), Dr Alpha's 2
 * spine cases referred by the customer (paid 6,000) -> average paid 8,000 / 4 = 2,000; leaked 2 ->
 * 4,000. Demographics: 10001 1,000 -> 1,200: population demand 4 x 1.2 = 4.8.
 */
const market2024 = [
  marketCase({ rendering_npi: "1111111111", cases: 2, paid_amount: 2000 }),
  marketCase({ rendering_name: "Dr Alpha", referring_npi: "1111111111", cases: 2, paid_amount: 6000 }),
];
const path = "/api/management/queries/querie11/";

for (const backend of backends) {
  describe(`querie11 through the API (${backend})`, () => {
    let t: TestApp;
    let customer: HttpClient;

    beforeAll(async () => {
      t = await startTestApp(backend);
      const { db } = t.context.database;
      const organisation = await createOrganisation(t, { initialized: true });
      await db
        .insert(providers)
        .values({ organisationId: organisation.id, npi: "1111111111", fullName: "Dr Own" });
      await db.insert(organisationYears).values({
        organisationId: organisation.id,
        year: 2024,
        fileState: "uploaded",
        dataVersion: 1,
        enabled: true,
      });
      await db
        .insert(serviceAreas)
        .values({ organisationId: organisation.id, year: 2024, zipcode: "10001", type: "PSA" });
      await writeWarehouse(t.dataDir, { year: 2024, market: market2024 });
      const duck = await openDuckDb({ dataDir: t.dataDir, threads: 1 });
      try {
        await writeParquet(duck, warehousePaths.demographics(t.dataDir, 2024), demographicsColumns, [
          { zip: "10001", population: 1000, population_65_plus: 100, projected_population_5y: 1200 },
        ]);
      } finally {
        duck.close();
      }
      const user = await createCustomer(t, organisation.id);
      customer = sameBrowser(queriesApp(t), await signInCustomer(t, user.email));
    }, 60_000);
    afterAll(() => t.close());

    test("a recapture of 120 or 'abc', or a shift of -5, is refused naming the field", async () => {
      for (const [field, value] of [
        ["recapture_pct", 120],
        ["recapture_pct", "abc"],
        ["asc_shift_pct", -5],
      ] as const) {
        const answer = await customer.post(path, { filters: { [field]: value } });
        expect(answer.status).toBe(400);
        expect(answer.json).toMatchObject({
          status: 400,
          errors: [{ field: `filters.${field}`, message: "must be a number from 0 to 100" }],
        });
      }
      const query = encodeURIComponent(JSON.stringify({ recapture_pct: "abc" }));
      const viaQuery = await customer.post(`${path}?filters=${query}`);
      expect(viaQuery.status).toBe(400);
      expect(viaQuery.json.errors[0].field).toBe("filters.recapture_pct");
    });

    test("accepted percentages run: dollars and the population demand, by hand", async () => {
      const answer = await customer.post(path, { filters: { recapture_pct: 50, servicelines: ["spine"] } });
      expect(answer.status).toBe(200);
      expect(answer.json.filters.numbers).toEqual({ recapture_pct: 50, asc_shift_pct: 0 });
      const [spine] = answer.json.results.growth_table;
      expect(spine).toMatchObject({
        average_paid: 2000,
        customer_cases: 2,
        revenue_today: 4000,
        cases_leeked: 2,
        leaked_revenue: 4000,
        recaptured_revenue: 2000, // 50% of 2 leaked cases x 2,000
      });
      expect(spine.demand_population_5y).toBeCloseTo(4.8, 10);
      // The answer's filters, sent back as they are (a saved view does so), run again.
      const again = await customer.post(path, { filters: answer.json.filters });
      expect(again.status).toBe(200);
      expect(again.json.results.growth_what_if).toEqual(answer.json.results.growth_what_if);
    });

    test("CSV export of a table, with the run's what-if filters", async () => {
      const exported = await customer.post(path, {
        filters: { recapture_pct: 100, servicelines: ["spine", "hand_ue"] },
        export: "csv",
        export_nb: 1,
      });
      expect(exported.status).toBe(200);
      const file = await customer.get(exported.json.path);
      const all = file.text.trim().split("\r\n");
      // The findings lead (the run's recapture of 100% in words), then an empty row and the table.
      expect(all[0]).toBe("Findings");
      expect(all[1]).toBe(
        "Cases your providers referred out cost about $4.0k a year at the market's average paid (Hand & Upper Extremity has no price and is left out); a 100% recapture is worth $4.0k a year.",
      );
      const lines = all.slice(all.indexOf("") + 1);
      expect(lines[0]).toBe(
        "Service,Average paid per case,Price from,Your cases,Revenue today,Cases leaked,Leaked revenue,Cases outmigrated,Outmigrated revenue",
      );
      // Spine priced at $2,000; hand has no market case and no practice case: "no price".
      // Plain numbers (issue 19: no "$" or separators in a CSV), the words where there is no price.
      expect(lines[1]).toBe("Spine,2000,market,2,4000,2,4000,0,0");
      expect(lines[2]).toBe("Hand & Upper Extremity,no price,none,0,no price,0,no price,0,no price");
    });

    test("a view saved with what-if filters keeps them", async () => {
      const saved = await customer.post("/api/management/queries/save/", {
        querie: 11,
        title: "Half recaptured",
        filters: { recapture_pct: 50, asc_shift_pct: 10 },
      });
      expect(saved.status).toBeLessThan(300);
      expect(saved.json.res.filters.numbers).toEqual({ recapture_pct: 50, asc_shift_pct: 10 });
      const run = await customer.post(`/api/management/queries/${saved.json.res.id}/`);
      expect(run.status).toBe(200);
      expect(run.json.filters.numbers).toEqual({ recapture_pct: 50, asc_shift_pct: 10 });
      const refused = await customer.post("/api/management/queries/save/", {
        querie: 11,
        title: "Too much",
        filters: { recapture_pct: 120 },
      });
      expect(refused.status).toBe(400);
      expect(refused.json.errors[0].field).toBe("filters.recapture_pct");
    });
  });
}
