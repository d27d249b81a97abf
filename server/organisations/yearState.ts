/**
 * Loads the rows that make up a year's state (validations, generated schemes, questionnaire, and
 * the year's current input versions) for one organisation or many at once, and reduces them to
 * YearSnapshot for progress and the rules (yearActions.ts). A result is out of date when the input
 * versions it was stamped with differ from the current ones: derived here, never stored. A fixed
 * number of queries whatever the number of organisations: the customers list stays cheap.
 */
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import {
  organisationYears,
  questionnaires,
  schemeResults,
  serviceAreas,
  validations,
} from "../db/schema/index.ts";
import { type YearState, yearActions } from "./yearActions.ts";
import { missingDataOf } from "./yearData.ts";
import {
  changedInputs,
  changeWords,
  currentInputsOf,
  inputKeysOf,
  type StampedInputs,
  yearKey,
} from "./yearInputs.ts";
import { emptySnapshot, type YearSnapshot } from "./yearProgress.ts";

export { yearKey };

export interface YearRows {
  validations: (typeof validations.$inferSelect)[];
  schemes: (typeof schemeResults.$inferSelect)[];
  questionnaires: (typeof questionnaires.$inferSelect)[];
  /** The current input versions by yearKey. */
  inputs: Map<string, StampedInputs>;
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
  if (filter.organisationIds?.length === 0)
    return { validations: [], schemes: [], questionnaires: [], inputs: new Map() };
  const [validationRows, schemeRows, questionnaireRows, inputs] = await Promise.all([
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
    currentInputsOf(db, filter),
  ]);
  return { validations: validationRows, schemes: schemeRows, questionnaires: questionnaireRows, inputs };
}

const NO_INPUTS: StampedInputs = { data: 0, market: 0, profile: 0, area: 0, questionnaire: 0 };

/** What changed since a result ran ("the practice data changed since"), or undefined: current. */
export function outdatedOf(
  rows: YearRows,
  row: { organisationId: string; year: number; inputs: StampedInputs | null },
  kind: Parameters<typeof inputKeysOf>[0],
): string | undefined {
  const current = rows.inputs.get(yearKey(row.organisationId, row.year)) ?? NO_INPUTS;
  const changed = changedInputs(row.inputs, current, inputKeysOf(kind));
  return changed.length > 0 ? changeWords(changed) : undefined;
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
      outdated: row.done ? outdatedOf(rows, row, "validation") : undefined,
    };
  }
  for (const row of rows.schemes) {
    of(row.organisationId, row.year).schemes[row.kind] = {
      status: row.status,
      outdated: row.status === "done" ? outdatedOf(rows, row, row.kind) : undefined,
    };
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

/** Everything the rules read of one year (yearActions.ts): the routes and the year detail share it. */
export async function loadYearState(
  db: Db,
  dataDir: string,
  organisationId: string,
  year: number,
): Promise<YearState> {
  const [snapshot, area, [row]] = await Promise.all([
    loadYearSnapshot(db, organisationId, year),
    db
      .select({ id: serviceAreas.id })
      .from(serviceAreas)
      .where(and(eq(serviceAreas.organisationId, organisationId), eq(serviceAreas.year, year)))
      .limit(1),
    db
      .select({
        fileState: organisationYears.fileState,
        rows: organisationYears.rows,
        enabled: organisationYears.enabled,
      })
      .from(organisationYears)
      .where(and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, year))),
  ]);
  return {
    year,
    snapshot,
    hasServiceArea: area.length > 0,
    missingData: missingDataOf(dataDir, year, row),
    enabled: row?.enabled ?? false,
  };
}

/** The year's allowed actions as the calls enforce them (the same the year detail offers). */
export async function loadYearActions(
  context: { config: { dataDir: string }; database: { db: Db } },
  organisationId: string,
  year: number,
) {
  return yearActions(await loadYearState(context.database.db, context.config.dataDir, organisationId, year));
}
