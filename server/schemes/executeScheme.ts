/**
 * One scheme run on a fresh sandboxed DuckDB, bound exactly as an analysis run is
 * (server/engine/executeKernel.ts): the canonical inputs with all service lines, all settings and
 * all three service-area types, plus the previous year's market cases. The result is parsed with
 * the scheme's own zod schema, so nothing that drifts from it is ever stored.
 */
import { openDuckDb } from "../duckdb/open.ts";
import { bindInputs, bindParquet } from "../engine/bindInputs.ts";
import { marketCaseColumns } from "../engine/canonicalColumns.ts";
import { FACILITY_TYPES, type Filters, SERVICE_AREA_TYPES, SERVICE_LINES } from "../engine/filters.ts";
import type { CanonicalInputs } from "../engine/inputs.ts";
import { sqlRunner } from "../engine/sqlRunner.ts";
import type { NpiRegistry } from "../registry/npiRegistry.ts";
import type { Scheme, SchemeProfile } from "./scheme.ts";

/** What a scheme sees: everything, as the filters would be with every box ticked. */
export function schemeFilters(year: number): Filters {
  return {
    year,
    servicelines: [...SERVICE_LINES],
    service_area: [...SERVICE_AREA_TYPES],
    facility_type: [...FACILITY_TYPES],
    facility_zipcodes: [],
    provider_zipcodes: [],
    facilities: [],
    providers: [],
  };
}

export interface SchemeRunInputs {
  organisationId: string;
  canonical: CanonicalInputs;
  /** Market files of previousYear (bound as market_cases_previous); empty without one. */
  previousMarketCases: string[];
  previousYear: number | null;
  profile: SchemeProfile;
  registry: NpiRegistry;
  progress?: (percent: number, message?: string) => Promise<void>;
}

export interface SchemeExecuteOptions {
  /** DATA_DIR: the only folder the DuckDB of the run may read. */
  dataDir: string;
  threads?: number;
}

export async function executeScheme<Result extends Record<string, unknown>>(
  scheme: Scheme<Result>,
  run: SchemeRunInputs,
  options: SchemeExecuteOptions,
): Promise<Result> {
  const duck = await openDuckDb({ dataDir: options.dataDir, threads: options.threads });
  try {
    const { canonical } = run;
    await bindInputs(duck, canonical, schemeFilters(canonical.year));
    await bindParquet(duck, "market_cases_previous", run.previousMarketCases, marketCaseColumns);
    const raw = await scheme.run({
      organisationId: run.organisationId,
      year: canonical.year,
      referenceYear: canonical.referenceYear,
      previousYear: run.previousYear,
      sql: sqlRunner(duck, scheme.dir),
      inputs: {
        year: canonical.year,
        referenceYear: canonical.referenceYear,
        dimensions: canonical.dimensions,
        zipPolygon: canonical.zipPolygon,
      },
      profile: run.profile,
      registry: run.registry,
      progress: async (percent, message) => {
        await run.progress?.(Math.max(0, Math.min(100, Math.round(percent))), message);
      },
    });
    const parsed = scheme.result.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`scheme ${scheme.id}: result ${issue?.path.join(".") || "(root)"} ${issue?.message}`);
    }
    return parsed.data;
  } finally {
    duck.close();
  }
}
