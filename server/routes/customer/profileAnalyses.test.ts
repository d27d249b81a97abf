/**
 * A provider added or removed through the profile calls counts in the analyses at once: the next
 * querie1 run reads the new profile (no stale snapshot, cached answer or per-connection table).
 * Market 2024: one case of the provider's NPI and three of another hospital, all in the PSA 10001.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { backends } from "../../../tests/helpers/backends.ts";
import { createCustomer, createOrganisation } from "../../../tests/helpers/factories.ts";
import type { HttpClient } from "../../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../../tests/helpers/testApp.ts";
import { organisationYears, serviceAreas } from "../../db/schema/index.ts";
import { marketCase } from "../../engine/testing/golden.ts";
import { writeWarehouse } from "../../engine/testing/queriesApp.ts";
import { completeNpi } from "../../reference/npi.ts";
import { signInFromOwnAddress } from "../admin/testSupport.ts";

const SURGEON = completeNpi("177777777");
const RUN = "/api/management/queries/querie1/";

for (const backend of backends) {
  describe(`profile changes reach the analyses at once (${backend})`, () => {
    let t: TestApp;
    let admin: HttpClient;

    beforeAll(async () => {
      t = await startTestApp(backend);
      const org = await createOrganisation(t, { initialized: true });
      const { db } = t.context.database;
      await db
        .insert(organisationYears)
        .values({ organisationId: org.id, year: 2024, fileState: "uploaded", dataVersion: 1, enabled: true });
      await db
        .insert(serviceAreas)
        .values({ organisationId: org.id, year: 2024, zipcode: "10001", type: "PSA" });
      await writeWarehouse(t.dataDir, {
        year: 2024,
        market: [
          marketCase({ rendering_npi: SURGEON }),
          marketCase({ facility_npi: "3000000001", facility_name: "Other Hospital", cases: 3 }),
        ],
      });
      admin = await signInFromOwnAddress(t, (await createCustomer(t, org.id, { isStaff: true })).email);
      const facility = await admin.post("/api/management/customer/facility/", {
        facility: {
          npi: completeNpi("166666666"),
          name: "Own Clinic",
          physical_address: "1 Main St",
          physical_locale: "Fishers, IN",
          physical_locale_zip: "46037",
          site_of_care_codes_billed: ["11"],
          services_provided: ["Clinic visits"],
        },
      });
      expect(facility.status).toBe(200);
    }, 300_000);
    afterAll(() => t.close());

    test("querie1's market share follows the providers added and removed", async () => {
      const before = await admin.post(RUN, {});
      expect(before.status).toBe(200);
      expect(before.json.results.customer_market_share).toEqual({ claims: 0, market_share: 0 });
      expect((await admin.post(RUN, {})).headers.get("x-cache")).toBe("hit");

      const added = await admin.post("/api/management/customer/provider/", {
        provider: {
          npi: SURGEON,
          last_name: "Own",
          first_name: "Doctor",
          city: "Fishers, IN",
          zipcode: "46037",
          category: "Physician",
          ptype: "Orthopaedic Surgeon",
          speciality: ["Spine"],
          name_work_at: ["Own Clinic"],
        },
      });
      expect(added.status).toBe(200);
      const after = await admin.post(RUN, {});
      expect(after.headers.get("x-cache")).not.toBe("hit");
      expect(after.json.results.customer_market_share).toEqual({ claims: 1, market_share: 25 });

      const removed = await admin.delete("/api/management/customer/provider/", {
        provider: { id: added.json.provider.id },
      });
      expect(removed.status).toBe(200);
      expect((await admin.post(RUN, {})).json.results.customer_market_share).toEqual({
        claims: 0,
        market_share: 0,
      });
    });
  });
}
