import { afterAll, describe, expect, test } from "bun:test";
import { z } from "zod";
import { sqlNumber } from "../../engine/sqlRunner.ts";
import { defineScheme } from "../scheme.ts";
import { facility, marketCase, practiceLine, provider, schemeHarness } from "./schemeHarness.ts";

// A test-only scheme that reads every bound relation, so the harness's binding is exercised.
const probe = defineScheme({
  id: "probe",
  kind: "SC",
  title: "Probe",
  description: "counts what the runtime binds",
  version: 1,
  dir: import.meta.dir,
  reads: ["earlier"],
  result: z.object({
    market: z.number(),
    previous: z.number(),
    practice: z.number(),
    service_area: z.number(),
    org_facilities: z.number(),
    org_providers: z.number(),
    services: z.array(z.string()),
    earlier: z.unknown(),
    registry: z.number(),
  }),
  async run(context) {
    const count = async (relation: string) => {
      const [row] = await context.sql.rows(`probe_${relation}.sql`, z.object({ n: sqlNumber }));
      return row!.n;
    };
    await context.progress(50);
    return {
      market: await count("market_cases"),
      previous: await count("market_cases_previous"),
      practice: await count("practice_lines"),
      service_area: await count("service_area"),
      org_facilities: await count("org_facilities"),
      org_providers: await count("org_providers"),
      services: context.profile.facilities.flatMap((row) => row.servicesProvided),
      earlier: context.profile.previous.earlier,
      registry: (await context.registry.lookupNpi("1234567893")).result_count,
    };
  },
});

const harness = schemeHarness();
afterAll(() => harness.close());

describe("scheme harness", () => {
  test("binds market, previous market, practice, dimensions, profile and registry", async () => {
    const { result, progress } = await harness.runWithProgress(probe, {
      market: [marketCase({ cases: 3 }), marketCase({ cases: 2 })],
      marketPrevious: [marketCase({ year: 2023 })],
      practice: [practiceLine({})],
      // One facility with one location = two org_facilities rows.
      facilities: [facility({ npi: "1234567893", name: "Main", servicesProvided: ["mri"], locations: [{}] })],
      providers: [provider({ npi: "1245319599", firstName: "Ann", lastName: "Lee" })],
      serviceArea: [
        { zipcode: "10001", type: "PSA" },
        { zipcode: "10002", type: "TSA" },
      ],
      previous: { earlier: { ok: true } },
      registry: [
        { number: "1234567893", enumeration_type: "NPI-2", basic: {}, addresses: [], taxonomies: [] },
      ],
    });
    expect(result).toEqual({
      market: 2,
      previous: 1,
      practice: 1,
      service_area: 2,
      org_facilities: 2,
      org_providers: 1,
      services: ["mri"],
      earlier: { ok: true },
      registry: 1,
    });
    expect(progress).toEqual([50]);
  });

  test("a result that does not match the scheme's schema is refused", async () => {
    const broken = defineScheme({ ...probe, id: "broken", run: async () => ({ market: "many" }) as never });
    await expect(harness.run(broken, {})).rejects.toThrow(/scheme broken: result market/);
  });
});
