/**
 * Loads the rows that make up a year's state (validations, generated schemes, questionnaire) for
 * one organisation or many at once, and reduces them to YearSnapshot for progress and gates. Three
 * queries whatever the number of organisations: the customers list stays cheap.
 */
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { questionnaires, schemeResults, validations } from "../db/schema/index.ts";
import { emptySnapshot, type YearSnapshot } from "./yearProgress.ts";

export const yearKey = (organisationId: string, year: number) => `${organisationId}:${year}`;

export interface YearRows {
  validations: (typeof validations.$inferSelect)[];
  schemes: (typeof schemeResults.$inferSelect)[];
  questionnaires: (typeof questionnaires.$inferSelect)[];
}

/** Which rows: some organisations (or all), optionally one year. */
export interface YearFilter {
  organisationIds?: string[];
  year?: number;
}

function where(filter: YearFilter, organisationColumn: PgColumn, yearColumn: PgColumn): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.organisationIds) parts.push(inArray(organisationColumn, filter.organisationIds));
  if (filter.year !== undefined) parts.push(eq(yearColumn, filter.year));
  return parts.length > 0 ? and(...parts) : undefined;
}

export async function loadYearRows(db: Db, filter: YearFilter): Promise<YearRows> {
  if (filter.organisationIds?.length === 0) return { validations: [], schemes: [], questionnaires: [] };
  const [validationRows, schemeRows, questionnaireRows] = await Promise.all([
    db
      .select()
      .from(validations)
      .where(where(filter, validations.organisationId, validations.year)),
    db
      .select()
      .from(schemeResults)
      .where(where(filter, schemeResults.organisationId, schemeResults.year)),
    db
      .select()
      .from(questionnaires)
      .where(where(filter, questionnaires.organisationId, questionnaires.year)),
  ]);
  return { validations: validationRows, schemes: schemeRows, questionnaires: questionnaireRows };
}

/** The snapshots by yearKey(organisation, year); a year with no row has none (use emptySnapshot). */
export function snapshotsOf(rows: YearRows): Map<string, YearSnapshot> {
  const snapshots = new Map<string, YearSnapshot>();
  const of = (organisationId: string, year: number) => {
    const key = yearKey(organisationId, year);
    let snapshot = snapshots.get(key);
    if (!snapshot) {
      snapshot = emptySnapshot();
      snapshots.set(key, snapshot);
    }
    return snapshot;
  };
  for (const row of rows.validations) {
    of(row.organisationId, row.year).validations[row.type] = {
      valid: row.valid,
      done: row.done,
      outdated: row.outdated,
    };
  }
  for (const row of rows.schemes) {
    of(row.organisationId, row.year).schemes[row.kind] = { status: row.status, outdated: row.outdated };
  }
  for (const row of rows.questionnaires) {
    of(row.organisationId, row.year).questionnaire = row.state;
  }
  return snapshots;
}

export async function loadYearSnapshot(db: Db, organisationId: string, year: number) {
  const snapshots = snapshotsOf(await loadYearRows(db, { organisationIds: [organisationId], year }));
  return snapshots.get(yearKey(organisationId, year)) ?? emptySnapshot();
}
