/**
 * The scheme SDK: one staff-side scheme (a validation, a generator, the scoring) = one folder under
 * schemes/ whose scheme.ts default-exports `defineScheme({...})`. Like an analysis plugin it owns its
 * DuckDB SQL (.sql files beside it, values bound by name) and the shaping of rows into a JSON result;
 * the runtime (server/schemes/runScheme.ts) owns data access, the job, storage and progress.
 */
import type { z } from "zod";
import type { facilities, facilityLocations, providers } from "../db/schema/index.ts";
import type { KernelInputs } from "../engine/inputs.ts";
import type { SqlRunner } from "../engine/sqlRunner.ts";
import type { NpiRegistry } from "../registry/npiRegistry.ts";

/** What the year detail stores per scheme (admin-area.md section 3, "Per-year data"). */
export const SCHEME_KINDS = ["validation", "SC", "MC", "MP", "SCORING"] as const;
export type SchemeKind = (typeof SCHEME_KINDS)[number];

export type FacilityRow = typeof facilities.$inferSelect & {
  locations: Array<typeof facilityLocations.$inferSelect>;
};
export type ProviderRow = typeof providers.$inferSelect;

/** The organisation's profile as the customer entered it, and what earlier schemes produced. */
export interface SchemeProfile {
  organisation: { id: string; name: string };
  facilities: FacilityRow[];
  providers: ProviderRow[];
  /** The year's service-area zips (PSA/SSA/TSA). */
  serviceArea: KernelInputs["dimensions"]["serviceArea"];
  /** The year's questionnaire answers, when one exists (any state). */
  questionnaire: { state: string; data: Record<string, unknown> } | null;
  /** Results already stored for this organisation and year, by scheme id. */
  previous: Partial<Record<string, unknown>>;
}

export interface SchemeContext {
  organisationId: string;
  year: number;
  /** The oldest available year; equal to year when it is the only one. */
  referenceYear: number;
  /** The year before `year` when the organisation has data for it (market profile growth). */
  previousYear: number | null;
  /**
   * Runs the scheme's .sql files over the relations analyses read (market_cases, practice_lines,
   * service_area, org_providers, org_facilities, and the base views of server/engine/sql/
   * base_views.sql) bound with all service lines, all settings and all three service-area types.
   * `market_cases_previous` holds the market cases of previousYear (empty when there is none).
   */
  sql: SqlRunner;
  inputs: KernelInputs;
  profile: SchemeProfile;
  /** The provider registry (NPPES-shaped, local table): validations look NPIs up in it. */
  registry: NpiRegistry;
  /** 0-100, shown in the staff task toast. */
  progress(percent: number, message?: string): Promise<void>;
}

export interface SchemeDefinition<Result extends Record<string, unknown>> {
  /** Folder name: validation_facility, service_capabilities, scoring, ... */
  id: string;
  kind: SchemeKind;
  title: string;
  /** What the scheme computes, in words (also in the folder's README). */
  description: string;
  /** Bump when the meaning of a result changes; stored with every result. */
  version: number;
  /** import.meta.dir: where its .sql files are. */
  dir: string;
  /** Ids of the schemes whose stored result this one reads from profile.previous. */
  reads: string[];
  /** The stored result's shape; the runtime parses every result with it before storing. */
  result: z.ZodType<Result>;
  run(context: SchemeContext): Promise<Result>;
}

export type Scheme<Result extends Record<string, unknown> = Record<string, unknown>> =
  SchemeDefinition<Result>;

const SCHEME_ID = /^[a-z][a-z0-9_]*$/;

export function defineScheme<Result extends Record<string, unknown>>(
  definition: SchemeDefinition<Result>,
): Scheme<Result> {
  if (!SCHEME_ID.test(definition.id)) throw new Error(`scheme id '${definition.id}' must be lower_snake`);
  return definition;
}
