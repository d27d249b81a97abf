/**
 * The organisation-years a DuckDB instance holds bound, one schema each (issue 14).
 *
 * A run reads fixed relation names (market_cases, service_area, area_cases, ...). Each
 * organisation-year's relations are created once per instance in a schema of their own (views over
 * its Parquet files, its dimension rows as small tables), and a connection serves an
 * organisation-year by pointing its search_path at that schema: one SET instead of re-creating
 * some twenty views on every switch (1m, 50 organisations: 7-15 ms per answer). The connection's
 * own temp objects (the request's filter row, the macros, the filter-shaped base views) name the
 * relations unqualified, and DuckDB resolves such names at query time through the search path, so
 * they follow the switch.
 *
 * Schemas are shared by the instance's connections: the first run of an organisation-year creates
 * it, concurrent runs of the same one wait for it. Bounded: past the bound the least recently used
 * schema that no run is using is dropped.
 *
 * A schema never outlives its files: the derived files its views read can be removed by another
 * run (removeStale, once a newer version replaced them) while the schema waits in the cache, and
 * the same key can come back (the reference year moved and back). A schema whose files are gone is
 * retired when next asked for, and a new one is made, which writes the files again.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { registerCache } from "../caches/registry.ts";
import type { DuckDb } from "../duckdb/open.ts";

/** Organisation-years per instance: every one of a large deployment (3 years x 300 organisations). */
export const ORG_YEAR_SCHEMAS_PER_INSTANCE = 1024;

interface Entry {
  name: string;
  ready: Promise<void>;
  /** Runs using the schema now, its maker among them until it is made: not dropped while any is. */
  users: number;
  /** The files its views read: the schema is good while they all exist. */
  files: readonly string[];
  /** Replaced (its files went): dropped once no run uses it. */
  retired: boolean;
  /** Whether `ready` has settled successfully. */
  made: boolean;
}

/** One instance's schemas, least recently used first. */
export class OrgYearSchemas {
  private readonly entries = new Map<string, Entry>();
  /** Schema names are made unique per instance: a retired schema and its successor coexist. */
  private schemasMade = 0;
  /** Retired schemas a run still used when they were replaced. */
  private readonly retired = new Set<Entry>();

  constructor(private readonly max = ORG_YEAR_SCHEMAS_PER_INSTANCE) {
    instances.add(new WeakRef(this));
  }

  get size() {
    return this.entries.size;
  }

  /**
   * Settles when the schema of `key`, being made by a run now, is made (or its making failed);
   * undefined when no run is making it. A run waits here before it leases a connection, so a burst
   * of runs of one organisation-year does not hold every connection while one of them makes it.
   */
  beingMade(key: string): Promise<void> | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.made) return undefined;
    return entry.ready.then(
      () => {},
      () => {},
    );
  }

  /**
   * The schema of `key` (made by `create` on `duck` when the instance does not hold it, or holds it
   * over files that are gone), in use until release() (call it in a finally). `files` are the
   * files the schema's views read.
   */
  async acquire(
    duck: DuckDb,
    key: string,
    create: (schema: string) => Promise<void>,
    files: readonly string[] = [],
  ): Promise<{ schema: string; release: () => void }> {
    let entry = this.entries.get(key);
    if (entry) this.entries.delete(key);
    if (entry?.files.some((file) => !existsSync(file))) {
      await this.retire(duck, entry);
      entry = undefined;
    }
    if (!entry) {
      this.schemasMade += 1;
      const name = `oy_${createHash("sha256").update(key).digest("hex").slice(0, 24)}_${this.schemasMade}`;
      const made: Entry = { name, users: 0, ready: Promise.resolve(), files, retired: false, made: false };
      made.ready = (async () => {
        try {
          await duck.run(`CREATE SCHEMA IF NOT EXISTS ${name}`);
          await create(name);
          made.made = true;
        } catch (error) {
          // A half-made schema is dropped and forgotten: the next run makes it again.
          if (this.entries.get(key) === made) this.entries.delete(key);
          await duck.run(`DROP SCHEMA IF EXISTS ${name} CASCADE`).catch(() => {});
          throw error;
        }
      })();
      entry = made;
    }
    this.entries.set(key, entry);
    entry.users += 1;
    const used = entry;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      used.users -= 1;
    };
    try {
      await used.ready;
    } catch (error) {
      release();
      throw error;
    }
    await this.dropSurplus(duck);
    return { schema: used.name, release };
  }

  /**
   * The schemas reading a file `concerns` names (an organisation's data changed: a dead data
   * version's schema would only wait for the bound, a few hundred kB of DuckDB's memory each):
   * forgotten now, dropped at the next acquire once no run uses them.
   */
  retireReading(concerns: (file: string) => boolean) {
    for (const [key, entry] of this.entries) {
      if (!entry.files.some(concerns)) continue;
      this.entries.delete(key);
      entry.retired = true;
      this.retired.add(entry);
    }
  }

  /** A schema whose files are gone: dropped now, or at a later acquire once no run uses it. */
  private async retire(duck: DuckDb, entry: Entry) {
    entry.retired = true;
    this.retired.add(entry);
    await this.dropRetired(duck);
  }

  private async dropRetired(duck: DuckDb) {
    for (const entry of this.retired) {
      if (entry.users > 0) continue;
      this.retired.delete(entry);
      await duck.run(`DROP SCHEMA IF EXISTS ${entry.name} CASCADE`).catch(() => {});
    }
  }

  /** Past the bound, the least recently used schemas nobody is using are dropped (on `duck`). */
  private async dropSurplus(duck: DuckDb) {
    await this.dropRetired(duck);
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.max) return;
      if (entry.users > 0) continue;
      this.entries.delete(key);
      await duck.run(`DROP SCHEMA IF EXISTS ${entry.name} CASCADE`);
    }
  }
}

const instances = new Set<WeakRef<OrgYearSchemas>>();

registerCache({
  name: "orgYearSchemas",
  size: () => {
    let total = 0;
    for (const ref of instances) {
      const schemas = ref.deref();
      if (schemas) total += schemas.size;
      else instances.delete(ref);
    }
    return total;
  },
  max: () => ORG_YEAR_SCHEMAS_PER_INSTANCE,
});

/**
 * Retires every instance's schemas of an organisation (of every organisation without one): their
 * derived files sit in its own folder (warehouse/practice/<organisation>/).
 */
export function retireSchemasOf(organisationId: string | undefined) {
  for (const ref of instances)
    ref
      .deref()
      ?.retireReading((file) => organisationId === undefined || file.includes(`/${organisationId}/`));
}

/** A connection opened alone (a scheme run, a test) is its own instance: its schemas are its own. */
const alone = new WeakMap<DuckDb, OrgYearSchemas>();

/** The schemas of the connection's instance: a pooled connection's pool holds them. */
export function schemasOf(duck: DuckDb & { schemas?: OrgYearSchemas }): OrgYearSchemas {
  if (duck.schemas) return duck.schemas;
  let schemas = alone.get(duck);
  if (!schemas) {
    schemas = new OrgYearSchemas();
    alone.set(duck, schemas);
  }
  return schemas;
}
