/**
 * One rule for the service_area filter in every analysis (issue 20): querie1-4 refused a bad value
 * while querie5-10, which do not offer it, put PSA in its place without a word. Now every analysis
 * refuses a bad value naming `filters.service_area` in plain words, and accepts each form the spec
 * allows (analyses.md: a list of PSA/SSA/TSA, [PSA] when left out).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { marketCase } from "../../server/engine/testing/golden.ts";
import { writeWarehouse } from "../../server/engine/testing/queriesApp.ts";
import { backends } from "../helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  giveAnalysisYears,
  OWN_PROVIDER_NPI,
  signInCustomer,
} from "../helpers/factories.ts";
import type { HttpClient } from "../helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";

const ANALYSES = Array.from({ length: 11 }, (_, index) => `querie${index + 1}`);

const refused: [string, unknown, string, string][] = [
  ["one type as text", "PSA", "filters.service_area", "must be a list of: PSA, SSA, TSA"],
  ["an unknown type", ["PSA", "XSA"], "filters.service_area.1", "must be PSA, SSA or TSA"],
  ["an empty list", [], "filters.service_area", "must list at least one of PSA, SSA, TSA"],
];
const accepted: [string, unknown][] = [
  ["left out", undefined],
  ["[PSA]", ["PSA"]],
  ["[SSA, TSA]", ["SSA", "TSA"]],
  ["all three, repeated", ["TSA", "PSA", "SSA", "PSA"]],
];

for (const backend of backends) {
  describe(`service_area: one rule for every analysis (${backend})`, () => {
    let t: TestApp;
    let customer: HttpClient;
    const run = (querie: string, serviceArea: unknown) =>
      customer.post(`/api/management/queries/${querie}/`, {
        filters: serviceArea === undefined ? {} : { service_area: serviceArea },
      });

    beforeAll(async () => {
      t = await startTestApp(backend);
      const organisation = await createOrganisation(t, { initialized: true, agreementAccepted: true });
      await giveAnalysisYears(t, organisation.id, [2024]);
      await writeWarehouse(t.dataDir, {
        year: 2024,
        market: [marketCase({ rendering_npi: OWN_PROVIDER_NPI }), marketCase({ cases: 3 })],
      });
      customer = await signInCustomer(t, (await createCustomer(t, organisation.id)).email);
      const manifest = await customer.get("/api/management/queries/manifest/");
      expect(manifest.json.queries.map((query: { id: string }) => query.id).sort()).toEqual(
        [...ANALYSES].sort(),
      );
    }, 120_000);
    afterAll(() => t.close());

    for (const [what, value, field, message] of refused) {
      test(`${what} is refused by each of the eleven, naming the field`, async () => {
        const answers: unknown[] = [];
        for (const querie of ANALYSES) {
          const answer = await run(querie, value);
          answers.push({ querie, status: answer.status, errors: answer.json.errors });
        }
        expect(answers).toEqual(
          ANALYSES.map((querie) => ({ querie, status: 400, errors: [{ field, message }] })),
        );
      });
    }

    for (const [what, value] of accepted) {
      test(`${what} is accepted by each of the eleven`, async () => {
        const statuses: unknown[] = [];
        for (const querie of ANALYSES) statuses.push({ querie, status: (await run(querie, value)).status });
        expect(statuses).toEqual(ANALYSES.map((querie) => ({ querie, status: 200 })));
      }, 120_000);
    }

    test("an analysis that reads service_area answers the types chosen, in their order", async () => {
      const answer = await run("querie1", ["TSA", "PSA", "SSA", "PSA"]);
      expect(answer.json.filters.service_area).toEqual(["PSA", "SSA", "TSA"]);
    });

    test("a saved view holds service_area to the same rule", async () => {
      const saved = await customer.post("/api/management/queries/save/", {
        title: "Area",
        querie: 7,
        filters: { service_area: "PSA" },
      });
      expect(saved.status).toBe(400);
      expect(saved.json.errors).toEqual([
        { field: "filters.service_area", message: "must be a list of: PSA, SSA, TSA" },
      ]);
    });
  });
}
