/**
 * Where scheme runs are recorded. A validation is a row of `validations` (done, valid, running_on,
 * result), a generator or the scoring a row of `scheme_results` (status, plugin_version, result,
 * error). A run is marked when it is queued, updated while it runs, and ends stored or failed; a
 * failed run never leaves a row looking busy.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type StampedInputs, schemeResults, validations } from "../db/schema/index.ts";
import { SCHEME_TARGETS, type SchemeId, type SchemeTarget } from "./catalogue.ts";
import type { Scheme } from "./scheme.ts";
import { validationOutcome } from "./validationResult.ts";

export type ValidationRow = typeof validations.$inferSelect;
export type SchemeResultRow = typeof schemeResults.$inferSelect;

const targetOf = (schemeId: SchemeId): SchemeTarget => SCHEME_TARGETS[schemeId];

/** The running_on text the year detail shows while a validation is queued or running. */
export const RUNNING_TEXT = {
  queued: "Queued",
  running: (percent: number) => `Running (${percent}%)`,
};

export async function findValidation(
  db: Db,
  organisationId: string,
  year: number,
  type: ValidationRow["type"],
) {
  const [row] = await db
    .select()
    .from(validations)
    .where(
      and(
        eq(validations.organisationId, organisationId),
        eq(validations.year, year),
        eq(validations.type, type),
      ),
    );
  return row;
}

export async function findSchemeResult(
  db: Db,
  organisationId: string,
  year: number,
  kind: SchemeResultRow["kind"],
) {
  const [row] = await db
    .select()
    .from(schemeResults)
    .where(
      and(
        eq(schemeResults.organisationId, organisationId),
        eq(schemeResults.year, year),
        eq(schemeResults.kind, kind),
      ),
    );
  return row;
}

/** A run asked for: the row shows it busy (done=false / status running); earlier results stay until replaced. */
export async function markRunning(
  db: Db,
  organisationId: string,
  year: number,
  schemeId: SchemeId,
  runningOn = RUNNING_TEXT.queued,
) {
  const target = targetOf(schemeId);
  if (target.table === "validations") {
    await db
      .insert(validations)
      .values({ organisationId, year, type: target.type, done: false, valid: false, runningOn })
      .onConflictDoUpdate({
        target: [validations.organisationId, validations.year, validations.type],
        set: { done: false, valid: false, runningOn },
      });
    return;
  }
  await db
    .insert(schemeResults)
    .values({ organisationId, year, kind: target.kind, status: "running" })
    .onConflictDoUpdate({
      target: [schemeResults.organisationId, schemeResults.year, schemeResults.kind],
      set: { status: "running", error: null },
    });
}

/** Progress of a running validation, shown as its running_on text. */
export async function markProgress(
  db: Db,
  organisationId: string,
  year: number,
  schemeId: SchemeId,
  percent: number,
) {
  const target = targetOf(schemeId);
  if (target.table !== "validations") return;
  await db
    .update(validations)
    .set({ runningOn: RUNNING_TEXT.running(percent) })
    .where(
      and(
        eq(validations.organisationId, organisationId),
        eq(validations.year, year),
        eq(validations.type, target.type),
        eq(validations.done, false),
      ),
    );
}

/**
 * Stores a finished run's (already parsed) result with the input versions it read (`inputs`, taken
 * before the run read anything: a change made while it ran leaves the result out of date).
 */
export async function storeResult(
  db: Db,
  organisationId: string,
  year: number,
  scheme: Scheme,
  result: Record<string, unknown>,
  inputs: StampedInputs,
) {
  const target = targetOf(scheme.id as SchemeId);
  if (target.table === "validations") {
    const outcome = validationOutcome.parse(result);
    // The rows' verdicts stay in this year's result (rowVerdicts.ts): another year's tables keep theirs.
    await db
      .insert(validations)
      .values({
        organisationId,
        year,
        type: target.type,
        done: true,
        valid: outcome.valid,
        runningOn: null,
        result,
        inputs,
      })
      .onConflictDoUpdate({
        target: [validations.organisationId, validations.year, validations.type],
        set: { done: true, valid: outcome.valid, runningOn: null, result, inputs },
      });
    return;
  }
  const values = {
    status: "done" as const,
    pluginVersion: String(scheme.version),
    result,
    error: null,
    inputs,
  };
  await db
    .insert(schemeResults)
    .values({ organisationId, year, kind: target.kind, ...values })
    .onConflictDoUpdate({
      target: [schemeResults.organisationId, schemeResults.year, schemeResults.kind],
      set: values,
    });
}

/**
 * A run that failed (or was interrupted). A validation with an earlier result goes back to it
 * (done, valid as that result said); one without any is removed, so it shows 'Todo' again.
 * A generator row keeps its earlier result and shows status failed with the error.
 */
export async function markFailed(
  db: Db,
  organisationId: string,
  year: number,
  schemeId: SchemeId,
  error: string,
) {
  const target = targetOf(schemeId);
  if (target.table === "validations") {
    const row = await findValidation(db, organisationId, year, target.type);
    if (!row) return;
    if (row.result === null) {
      await db.delete(validations).where(eq(validations.id, row.id));
      return;
    }
    const earlier = validationOutcome.safeParse(row.result);
    await db
      .update(validations)
      .set({ done: true, valid: earlier.success && earlier.data.valid, runningOn: null })
      .where(eq(validations.id, row.id));
    return;
  }
  await db
    .update(schemeResults)
    .set({ status: "failed", error: error.slice(0, 2000) })
    .where(
      and(
        eq(schemeResults.organisationId, organisationId),
        eq(schemeResults.year, year),
        eq(schemeResults.kind, target.kind),
      ),
    );
}

/** 'Validate anyway': a done validation that did not pass is accepted as valid. */
export async function validateAnyway(
  db: Db,
  organisationId: string,
  year: number,
  type: ValidationRow["type"],
) {
  const [row] = await db
    .update(validations)
    .set({ valid: true })
    .where(
      and(
        eq(validations.organisationId, organisationId),
        eq(validations.year, year),
        eq(validations.type, type),
        eq(validations.done, true),
      ),
    )
    .returning();
  return row;
}

/** Rows currently shown busy, for reconciliation after a restart. */
export async function busyRuns(db: Db) {
  const [validationRows, resultRows] = await Promise.all([
    db.select().from(validations).where(eq(validations.done, false)),
    db
      .select()
      .from(schemeResults)
      .where(inArray(schemeResults.status, ["running"])),
  ]);
  return { validationRows, resultRows };
}
