import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DuckDb, openDuckDb } from "../duckdb/open.ts";
import { dimensionSetsHeld, dimensionSetViews } from "./dimensionSets.ts";
import type { OrganisationDimensions, OrgFacility, OrgProvider, ServiceAreaZip } from "./inputs.ts";

let dataDir: string;
let duck: DuckDb;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "vitality-dimsets-"));
  duck = await openDuckDb({ dataDir, threads: 1 });
});
afterAll(() => {
  duck.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Organisation n: one provider, one facility, n zips in its service area. */
const dimensionsOf = (n: number): OrganisationDimensions => ({
  providers: [{ npi: `100000000${n}`, full_name: `Dr ${n}'s` }],
  facilities: [
    {
      npi: `200000000${n}`,
      kind: "facility",
      name: `F${n}`,
      facility_name: `F${n}`,
      zip: "10001",
      lat: 1,
      lon: 2,
    },
  ],
  serviceArea: Array.from({ length: n }, (_, i) => ({ zipcode: `1000${i}`, type: "PSA" as const })),
  serviceAreaReference: [{ zipcode: "10001", type: "SSA" }],
});

async function bind(n: number, maxSets: number) {
  await duck.run(await dimensionSetViews(duck, dimensionsOf(n), `hash-${n}`, maxSets));
}

const held = async () => ({
  providers: await duck.all<OrgProvider>("SELECT * FROM org_providers"),
  facilities: await duck.all<OrgFacility>(
    "SELECT npi, kind, name, facility_name, zip, lat, lon FROM org_facilities",
  ),
  area: await duck.all<ServiceAreaZip>("SELECT zipcode, type FROM service_area ORDER BY zipcode"),
  reference: await duck.all<ServiceAreaZip>("SELECT zipcode, type FROM service_area_reference"),
});

describe("dimension sets of a connection", () => {
  test("switching between organisations shows each its own rows; past the bound the oldest go", async () => {
    for (const n of [1, 2, 3, 1, 4]) {
      await bind(n, 3);
      const expected = dimensionsOf(n);
      expect(await held()).toEqual({
        providers: expected.providers,
        facilities: expected.facilities,
        area: expected.serviceArea,
        reference: expected.serviceAreaReference,
      });
    }
    // Bound 3: after 1, 2, 3, 1 (touched again), 4 the least recently bound (2) was deleted.
    expect(dimensionSetsHeld(duck)).toBe(3);
    const sets = await duck.all<{ set_id: number }>(
      "SELECT DISTINCT set_id FROM service_area_sets ORDER BY set_id",
    );
    expect(sets.map((row) => row.set_id)).toEqual([1, 3, 4]);
    // Organisation 2 again: inserted anew (under a new id), the oldest (3) goes.
    await bind(2, 3);
    expect((await held()).area).toHaveLength(2);
    expect(dimensionSetsHeld(duck)).toBe(3);
    const [count] = await duck.all<{ rows: bigint }>("SELECT count(*) AS rows FROM org_providers_sets");
    expect(Number(count?.rows)).toBe(3);
  });
});
