/** GET /api/services/geo/outlines: the maps' base outlines for a view, to any signed-in user. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { backends } from "../../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInStaff,
} from "../../../tests/helpers/factories.ts";
import type { HttpClient } from "../../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../../tests/helpers/testApp.ts";
import { signInFromOwnAddress } from "../admin/testSupport.ts";

const OUTLINES = "/api/services/geo/outlines";
const AROUND_INDIANAPOLIS = `${OUTLINES}?bbox=-88.000,39.200,-84.300,40.700&zoom=9`;

for (const backend of backends) {
  describe(`base map outlines (${backend})`, () => {
    let t: TestApp;
    let customer: HttpClient;
    let staff: HttpClient;
    let anonymous: HttpClient;

    beforeAll(async () => {
      t = await startTestApp(backend);
      const org = await createOrganisation(t);
      customer = await signInFromOwnAddress(t, (await createCustomer(t, org.id, { isStaff: false })).email);
      staff = await signInStaff(t, (await createStaff(t, "agent")).username);
      anonymous = await t.client().prime();
    }, 300_000);
    afterAll(() => t.close());

    test("a view's states and counties as TopoJSON, cached by the browser; staff too", async () => {
      const answer = await customer.get(AROUND_INDIANAPOLIS);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, max-age=86400");
      expect(answer.json.type).toBe("Topology");
      expect(answer.json.objects.states.geometries.map((state: { id: string }) => state.id).sort()).toEqual([
        "17",
        "18",
        "39",
      ]);
      expect(answer.json.objects.counties.geometries.length).toBeGreaterThan(30);
      expect(answer.text.length).toBeLessThan(60_000);
      expect((await staff.get(AROUND_INDIANAPOLIS)).json).toEqual(answer.json);
    });

    test("a malformed box or zoom is refused naming the parameter; nobody signed in gets 401", async () => {
      for (const [query, field] of [
        ["bbox=-84,39,-88,40&zoom=9", "bbox"],
        ["bbox=-88,39,-84&zoom=9", "bbox"],
        ["bbox=-188,39,-84,40&zoom=9", "bbox"],
        ["bbox=-88,39,-84,40&zoom=high", "zoom"],
        ["bbox=-88,39,-84,40&zoom=23", "zoom"],
        ["bbox=-88,39,-84,40", "zoom"],
      ] as const) {
        const answer = await customer.get(`${OUTLINES}?${query}`);
        expect({ query, status: answer.status, field: answer.json.errors?.[0]?.field }).toEqual({
          query,
          status: 400,
          field,
        });
      }
      expect((await anonymous.get(AROUND_INDIANAPOLIS)).status).toBe(401);
    });
  });
}
