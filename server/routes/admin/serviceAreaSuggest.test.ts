/**
 * The service area suggested from a small hand-built practice year. Surgical cases (claims with a
 * surgical line) by patient zip, 20 in all:
 *   46201: 8, 46202: 4, 46203: 2, 46204: 2, 46205: 2, 46206: 1, 46207: 1
 * plus office visits (not surgical) in 46208, which never count while the year has surgical cases.
 * Cumulative before each zip: 0, 8, 12, 14, 16, 18, 19. PSA while under 60% (12): 46201, 46202.
 * SSA while under 85% (17): 46203, 46204, 46205. TSA while under 95% (19): 46206. 46207 is the tail.
 * 46203-46205 tie at 2 cases: zip order decides.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { backends } from "../../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInStaff,
} from "../../../tests/helpers/factories.ts";
import type { HttpClient } from "../../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../../tests/helpers/testApp.ts";
import { organisationYears, serviceAreas } from "../../db/schema/index.ts";
import { practiceLine } from "../../engine/testing/golden.ts";
import { writeWarehouse } from "../../engine/testing/queriesApp.ts";
import { cutByShares } from "../../organisations/serviceAreaSuggestion.ts";
import { signInFromOwnAddress } from "./testSupport.ts";

const PATH = "/api/management/admin/customer/service_area/suggest/";

const CASES: Record<string, number> = {
  "46205": 2,
  "46201": 8,
  "46203": 2,
  "46202": 4,
  "46204": 2,
  "46207": 1,
  "46206": 1,
};

function practiceRows() {
  const rows = [];
  for (const [zip, count] of Object.entries(CASES)) {
    for (let n = 0; n < count; n++) {
      // A claim of two lines: the surgery and its office visit; one case.
      const claim = `S-${zip}-${n}`;
      rows.push(
        practiceLine({
          claim_id: claim,
          line: 1,
          patient_zip: zip,
          patient_id: `${zip}-${n}`,
          category: "spine",
          cpt: "22551",
        }),
      );
      rows.push(practiceLine({ claim_id: claim, line: 2, patient_zip: zip, patient_id: `${zip}-${n}` }));
    }
  }
  for (let n = 0; n < 30; n++) rows.push(practiceLine({ patient_zip: "46208", patient_id: `office-${n}` }));
  return rows;
}

describe("cutByShares", () => {
  test("the fewest zips reaching each share; ties by zip code; totals per type", () => {
    const ranked = Object.entries(CASES).map(([zipcode, cases]) => ({ zipcode, cases }));
    const { service_area, totals } = cutByShares(ranked, { psa: 0.6, ssa: 0.85, tsa: 0.95 });
    expect(service_area.map((zip) => `${zip.zipcode}:${zip.type}`)).toEqual([
      "46201:PSA",
      "46202:PSA",
      "46203:SSA",
      "46204:SSA",
      "46205:SSA",
      "46206:TSA",
    ]);
    expect(totals).toEqual({ cases: 20, psa_cases: 12, ssa_cases: 6, tsa_cases: 1 });
  });

  test("a share reached exactly stops there (0.5 of 10 = 5 cases: one zip of 5 is the whole PSA)", () => {
    const { service_area } = cutByShares(
      [
        { zipcode: "00002", cases: 5 },
        { zipcode: "00001", cases: 5 },
      ],
      { psa: 0.5, ssa: 1, tsa: 1 },
    );
    expect(service_area).toEqual([
      { zipcode: "00001", type: "PSA", cases: 5 },
      { zipcode: "00002", type: "SSA", cases: 5 },
    ]);
  });
});

for (const backend of backends) {
  describe(`${PATH} (${backend})`, () => {
    let t: TestApp;
    let siteAdmin: HttpClient;
    let agent: HttpClient;
    let customer: HttpClient;
    let org: { id: string };

    beforeAll(async () => {
      t = await startTestApp(backend);
      org = await createOrganisation(t, { name: "Suggest Ortho" });
      await t.context.database.db.insert(organisationYears).values([
        { organisationId: org.id, year: 2024, fileState: "uploaded" },
        { organisationId: org.id, year: 2023, fileState: "none" },
      ]);
      await writeWarehouse(t.dataDir, {
        year: 2024,
        practice: { organisationId: org.id, rows: practiceRows() },
      });
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      agent = await signInStaff(t, (await createStaff(t, "agent")).username);
      customer = await signInFromOwnAddress(t, (await createCustomer(t, org.id, { isStaff: true })).email);
    }, 300_000);
    afterAll(() => t.close());

    test("default shares: PSA, SSA, TSA zips from the practice's surgical cases, and nothing is written", async () => {
      const answer = await siteAdmin.post(PATH, { organization_uuid: org.id, year: 2024 });
      expect(answer.status).toBe(200);
      expect(answer.json.basis).toBe("surgical_cases");
      expect(
        answer.json.service_area.map((zip: { zipcode: string; type: string }) => [zip.zipcode, zip.type]),
      ).toEqual([
        ["46201", "PSA"],
        ["46202", "PSA"],
        ["46203", "SSA"],
        ["46204", "SSA"],
        ["46205", "SSA"],
        ["46206", "TSA"],
      ]);
      expect(answer.json.totals).toEqual({ cases: 20, psa_cases: 12, ssa_cases: 6, tsa_cases: 1 });
      const stored = await t.context.database.db
        .select()
        .from(serviceAreas)
        .where(eq(serviceAreas.organisationId, org.id));
      expect(stored).toEqual([]);
    });

    test("other shares move the cuts", async () => {
      const answer = await siteAdmin.post(PATH, {
        organization_uuid: org.id,
        year: 2024,
        shares: { psa: 0.4, ssa: 0.6, tsa: 1 },
      });
      expect(answer.status).toBe(200);
      expect(answer.json.service_area.map((zip: { type: string }) => zip.type)).toEqual([
        "PSA",
        "SSA",
        "TSA",
        "TSA",
        "TSA",
        "TSA",
        "TSA",
      ]);
    });

    test("refused: shares out of order or range (named), a year without data, an unknown organisation", async () => {
      const badOrder = await siteAdmin.post(PATH, {
        organization_uuid: org.id,
        year: 2024,
        shares: { psa: 0.9, ssa: 0.8, tsa: 0.95 },
      });
      expect(badOrder.status).toBe(400);
      expect(badOrder.json.errors[0].field).toBe("shares.ssa");
      const outOfRange = await siteAdmin.post(PATH, {
        organization_uuid: org.id,
        year: 2024,
        shares: { psa: 0, ssa: 0.8, tsa: 1.5 },
      });
      expect(outOfRange.json.errors.map((error: { field: string }) => error.field)).toEqual([
        "shares.psa",
        "shares.tsa",
      ]);
      const noData = await siteAdmin.post(PATH, { organization_uuid: org.id, year: 2023 });
      expect(noData.status).toBe(400);
      expect(noData.json.detail).toMatch(/no accepted data file for 2023/);
      const noYear = await siteAdmin.post(PATH, { organization_uuid: org.id, year: 2020 });
      expect(noYear.status).toBe(404);
      const unknown = await siteAdmin.post(PATH, { organization_uuid: crypto.randomUUID(), year: 2024 });
      expect(unknown.status).toBe(404);
    });

    test("customers get 401, agents 403, dummy mode 403", async () => {
      const body = { organization_uuid: org.id, year: 2024 };
      expect((await customer.post(PATH, body)).status).toBe(401);
      expect((await agent.post(PATH, body)).status).toBe(403);
      expect((await siteAdmin.post(PATH, body, { "x-dummy-org": org.id })).status).toBe(403);
    });
  });
}
