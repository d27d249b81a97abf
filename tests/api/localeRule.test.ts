/**
 * One locale rule for every form with a city/zip pair (customer-area.md section 5; issue 19): the
 * organisation form refused nothing ("Nowhere, ZZ" / "00000" were saved) while the facility form
 * held the rule. The organisation form now holds the same rule, on create and on update, judged on
 * the pair as it will be stored.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { backends } from "../helpers/backends.ts";
import { createStaff, signInStaff } from "../helpers/factories.ts";
import type { HttpClient } from "../helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";

const ORGANISATION = "/api/management/customer/organization/";
const UNKNOWN_CITY = "Choose a city from the list ('City, ST'): this one is not in the zip reference";

for (const backend of backends) {
  describe(`the locale rule on the organisation form (${backend})`, () => {
    let t: TestApp;
    let siteAdmin: HttpClient;
    beforeAll(async () => {
      t = await startTestApp(backend);
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
    });
    afterAll(() => t.close());

    const create = (locale: string, locale_zip: string) =>
      siteAdmin.post(ORGANISATION, {
        organization: { name: "Rule Ortho", address: "1 Main St", locale, locale_zip },
      });

    test("a city outside the zip reference is refused, naming the field; nothing is saved", async () => {
      const answer = await create("Nowhere, ZZ", "00000");
      expect(answer.status).toBe(400);
      expect(answer.json.errors).toEqual([{ field: "organization.locale", message: UNKNOWN_CITY }]);
      const list = await siteAdmin.post("/api/management/admin/organization/", {});
      expect(list.json.organizations).toEqual([]);
    });

    test("a zip of another city is refused naming the zip; a city in any case is stored as the reference spells it", async () => {
      const wrongZip = await create("Fishers, IN", "46204");
      expect(wrongZip.json.errors).toEqual([
        { field: "organization.locale_zip", message: "46204 is not a zip code of Fishers, IN" },
      ]);
      const created = await create("fishers, in", "46037");
      expect(created.status).toBe(200);
      expect(created.json.organization).toMatchObject({ locale: "Fishers, IN", locale_zip: "46037" });
    });

    test("an update is judged on the pair as stored: a new zip alone must belong to the stored city", async () => {
      const id = (await create("Noblesville, IN", "46060")).json.organization.id;
      const unchanged = await siteAdmin.patch(ORGANISATION, {
        organization: { id, name: "Rule Ortho", locale: "Noblesville, IN", locale_zip: "46060" },
      });
      expect(unchanged.status).toBe(200);
      const zipOnly = await siteAdmin.patch(ORGANISATION, { organization: { id, locale_zip: "46037" } });
      expect(zipOnly.json.errors).toEqual([
        { field: "organization.locale_zip", message: "46037 is not a zip code of Noblesville, IN" },
      ]);
      const cityOnly = await siteAdmin.patch(ORGANISATION, { organization: { id, locale: "Nowhere, ZZ" } });
      expect(cityOnly.json.errors).toEqual([{ field: "organization.locale", message: UNKNOWN_CITY }]);
    });
  });
}
