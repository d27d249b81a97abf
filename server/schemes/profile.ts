/**
 * Loads what a scheme reads for an organisation and year: the profile as the customer entered it,
 * the results earlier schemes stored, and the canonical inputs - resolved by the engine exactly as
 * for an analysis of that year (server/engine/organisationInputs.ts).
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { organisations, questionnaires, schemeResults, validations } from "../db/schema/index.ts";
import {
  loadProfileRows,
  marketFiles,
  organisationYearsOf,
  resolveInputs,
} from "../engine/organisationInputs.ts";
import { schemeIdOfKind, validationSchemeId } from "./catalogue.ts";
import type { SchemeRunInputs } from "./executeScheme.ts";
import type { SchemeProfile } from "./scheme.ts";

export async function loadSchemeProfile(
  db: Db,
  organisationId: string,
  year: number,
): Promise<SchemeProfile> {
  const [organisation] = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!organisation) throw new Error(`organisation ${organisationId} not found`);
  const [profileRows, [questionnaire], validationRows, resultRows] = await Promise.all([
    loadProfileRows(db, organisationId, year),
    db
      .select({ state: questionnaires.state, data: questionnaires.data })
      .from(questionnaires)
      .where(and(eq(questionnaires.organisationId, organisationId), eq(questionnaires.year, year))),
    db
      .select()
      .from(validations)
      .where(and(eq(validations.organisationId, organisationId), eq(validations.year, year))),
    db
      .select()
      .from(schemeResults)
      .where(and(eq(schemeResults.organisationId, organisationId), eq(schemeResults.year, year))),
  ]);
  const previous: Record<string, unknown> = {};
  for (const row of validationRows) {
    if (row.result !== null) previous[validationSchemeId(row.type)] = row.result;
  }
  // A result being regenerated keeps its last stored value until the new one replaces it.
  for (const row of resultRows) {
    if (row.result !== null) previous[schemeIdOfKind(row.kind)] = row.result;
  }
  return {
    organisation,
    ...profileRows,
    questionnaire: questionnaire ?? null,
    previous,
  };
}

/** Everything executeScheme needs but the registry and the progress callback. */
export async function loadSchemeRunInputs(
  db: Db,
  dataDir: string,
  organisationId: string,
  year: number,
): Promise<Omit<SchemeRunInputs, "registry" | "progress">> {
  const years = await organisationYearsOf(db, dataDir, organisationId);
  const [{ inputs }, profile] = await Promise.all([
    resolveInputs(db, dataDir, organisationId, year, years),
    loadSchemeProfile(db, organisationId, year),
  ]);
  const previousYear = years.availableYears.includes(year - 1) ? year - 1 : null;
  return {
    organisationId,
    canonical: inputs,
    previousMarketCases: previousYear === null ? [] : marketFiles(dataDir, previousYear),
    previousYear,
    profile,
  };
}
