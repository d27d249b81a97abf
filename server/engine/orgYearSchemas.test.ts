import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DuckDb, openDuckDb } from "../duckdb/open.ts";
import { createDimensionTables } from "./dimensionTables.ts";
import type { OrganisationDimensions, OrgFacility, OrgProvider, ServiceAreaZip } from "./inputs.ts";
import { OrgYearSchemas, retireSchemasOf } from "./orgYearSchemas.ts";

let dataDir: string;
let duck: DuckDb;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "vitality-orgyears-"));
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
      lat: 1.5,
      lon: 2,
    },
  ],
  serviceArea: Array.from({ length: n }, (_, i) => ({ zipcode: `1000${i}`, type: "PSA" as const })),
  serviceAreaReference: [{ zipcode: "10001", type: "SSA" }],
});

/** What the connection reads under the relation names, once pointed at organisation n's schema. */
async function serve(schemas: OrgYearSchemas, n: number) {
  const { schema, release } = await schemas.acquire(duck, `org-${n}`, (name) =>
    createDimensionTables(duck, name, dimensionsOf(n)),
  );
  await duck.run(`SET search_path = '${schema}'`);
  const held = {
    providers: await duck.all<OrgProvider>("SELECT * FROM org_providers"),
    facilities: await duck.all<OrgFacility>("SELECT * FROM org_facilities"),
    area: await duck.all<ServiceAreaZip>("SELECT * FROM service_area ORDER BY zipcode"),
    reference: await duck.all<ServiceAreaZip>("SELECT * FROM service_area_reference"),
  };
  return { schema, release, held };
}

const schemaCount = async () =>
  (
    await duck.all<{ n: number }>(
      "SELECT count(*)::INTEGER AS n FROM duckdb_schemas() WHERE schema_name LIKE 'oy_%'",
    )
  )[0]!.n;

describe("organisation-year schemas of an instance", () => {
  test("switching between organisations shows each its own rows; past the bound the least recently used goes", async () => {
    const schemas = new OrgYearSchemas(2);
    const expected = (n: number) => {
      const dimensions = dimensionsOf(n);
      return {
        providers: dimensions.providers,
        facilities: dimensions.facilities,
        area: dimensions.serviceArea,
        reference: dimensions.serviceAreaReference,
      };
    };
    for (const n of [1, 2, 1, 2]) {
      const served = await serve(schemas, n);
      served.release();
      expect(served.held).toEqual(expected(n));
    }
    expect(schemas.size).toBe(2);
    expect(await schemaCount()).toBe(2);
    // A third organisation: the bound is 2, so organisation 1 (least recently used) is dropped.
    const third = await serve(schemas, 3);
    third.release();
    expect(third.held).toEqual(expected(3));
    expect(schemas.size).toBe(2);
    expect(await schemaCount()).toBe(2);
    // Made again when asked for, with its own rows.
    const again = await serve(schemas, 1);
    again.release();
    expect(again.held).toEqual(expected(1));
    expect(schemas.size).toBe(2);
  });

  test("a schema a run is using is not dropped, however far past the bound", async () => {
    const schemas = new OrgYearSchemas(1);
    const inUse = await serve(schemas, 4);
    const other = await serve(schemas, 5);
    other.release();
    // Organisation 4 is the least recently used but still in use: it stays, and still reads its rows.
    await duck.run(`SET search_path = '${inUse.schema}'`);
    expect(await duck.all("SELECT npi FROM org_providers")).toEqual([{ npi: "1000000004" }]);
    inUse.release();
    await serve(schemas, 6).then((served) => served.release());
    expect(schemas.size).toBe(1);
  });

  test("a schema being made can be waited for without a connection; none is pending once made or failed", async () => {
    const schemas = new OrgYearSchemas(4);
    expect(schemas.beingMade("org-8")).toBeUndefined();
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const making = schemas.acquire(duck, "org-8", async (name) => {
      await gate;
      await createDimensionTables(duck, name, dimensionsOf(8));
    });
    const pending = schemas.beingMade("org-8");
    expect(pending).toBeInstanceOf(Promise);
    let settled = false;
    void pending!.then(() => {
      settled = true;
    });
    await Bun.sleep(20);
    expect(settled).toBe(false);
    finish();
    await pending;
    (await making).release();
    expect(schemas.beingMade("org-8")).toBeUndefined();
    // A failed making settles the wait too (the waiting run then makes it itself).
    const failing = schemas.acquire(duck, "org-broken-2", async () => {
      await Bun.sleep(10);
      throw new Error("disk full");
    });
    const failure = failing.then(
      () => "made",
      (error: Error) => error.message,
    );
    const waited = schemas.beingMade("org-broken-2");
    expect(waited).toBeInstanceOf(Promise);
    expect(await waited).toBeUndefined();
    expect(await failure).toBe("disk full");
    expect(schemas.beingMade("org-broken-2")).toBeUndefined();
  });

  test("a schema whose making failed is dropped and made again by the next run", async () => {
    const schemas = new OrgYearSchemas(4);
    const failing = schemas.acquire(duck, "org-broken", async (name) => {
      await duck.run(`CREATE TABLE ${name}.half_made (x INTEGER)`);
      throw new Error("disk full");
    });
    await expect(failing).rejects.toThrow("disk full");
    expect(schemas.size).toBe(0);
    const served = await serve(schemas, 7);
    served.release();
    expect(served.held.providers).toEqual([{ npi: "1000000007", full_name: "Dr 7's" }]);
  });

  test("a schema whose files were removed (removeStale) is made again, not served over missing files", async () => {
    const schemas = new OrgYearSchemas(4);
    const file = join(dataDir, "area_cases_marked-abc.parquet");
    let made = 0;
    // As bindInputs does: the derived file is written when missing, the schema's view reads it.
    const make = async (name: string) => {
      made += 1;
      await duck.run(`COPY (SELECT ${made} AS generation) TO '${file}' (FORMAT parquet)`);
      await duck.run(`CREATE VIEW ${name}.area_cases_marked AS SELECT * FROM read_parquet('${file}')`);
    };
    const read = async () => {
      const { schema, release } = await schemas.acquire(duck, "org-reference-moved", make, [file]);
      try {
        return await duck.all<{ generation: number }>(`SELECT generation FROM ${schema}.area_cases_marked`);
      } finally {
        release();
      }
    };
    expect(await read()).toEqual([{ generation: 1 }]);
    expect(await read()).toEqual([{ generation: 1 }]);
    const schemasBefore = await schemaCount();
    // The reference year moved: another run's removeStale deleted the file; then it moved back.
    rmSync(file);
    expect(await read()).toEqual([{ generation: 2 }]);
    expect(schemas.size).toBe(1);
    // The retired schema is dropped: one schema for the key, as before.
    expect(await schemaCount()).toBe(schemasBefore);
  });

  test("an organisation's data change retires its schemas in every instance; another's stay", async () => {
    const schemas = new OrgYearSchemas(8);
    // Derived files sit under warehouse/practice/<organisation>/ (derivedFiles.ts).
    const filesOf = (organisation: string) => [
      join(dataDir, "warehouse", "practice", organisation, "x.parquet"),
    ];
    const hold = async (organisation: string, n: number) => {
      const { schema, release } = await schemas.acquire(
        duck,
        `${organisation}-${n}`,
        (name) => createDimensionTables(duck, name, dimensionsOf(n)),
        filesOf(organisation),
      );
      return { schema, release };
    };
    const existing = async (schema: string) =>
      (await duck.all("SELECT 1 FROM duckdb_schemas() WHERE schema_name = ?", [schema])).length;
    // Their files are not on disk: acquire treats a missing file as retired, so stamp them first.
    for (const organisation of ["org-a", "org-b"]) {
      const [file] = filesOf(organisation);
      mkdirSync(join(file!, ".."), { recursive: true });
      writeFileSync(file!, "");
    }
    const a1 = await hold("org-a", 1);
    const a2 = await hold("org-a", 2);
    const b = await hold("org-b", 3);
    a1.release();
    b.release();
    expect(schemas.size).toBe(3);
    retireSchemasOf("org-a");
    // Forgotten at once; a2 is still in use, so it stays in DuckDB until released.
    expect(schemas.size).toBe(1);
    const next = await hold("org-b", 3);
    next.release();
    expect(next.schema).toBe(b.schema);
    expect(await existing(a1.schema)).toBe(0);
    expect(await existing(a2.schema)).toBe(1);
    a2.release();
    (await hold("org-b", 3)).release();
    expect(await existing(a2.schema)).toBe(0);
    // Asked for again, org-a's schema is made anew.
    const again = await hold("org-a", 1);
    again.release();
    expect(again.schema).not.toBe(a1.schema);
    expect(schemas.size).toBe(2);
  });
});
