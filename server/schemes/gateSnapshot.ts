/** Reads the snapshot of an organisation's year that the gates (gates.ts) decide on. */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { questionnaires, schemeResults, serviceAreas, validations } from "../db/schema/index.ts";
import type { YearSnapshot } from "./gates.ts";

export async function loadYearSnapshot(db: Db, organisationId: string, year: number): Promise<YearSnapshot> {
  const [area, validationRows, resultRows, [questionnaire]] = await Promise.all([
    db
      .select({ id: serviceAreas.id })
      .from(serviceAreas)
      .where(and(eq(serviceAreas.organisationId, organisationId), eq(serviceAreas.year, year)))
      .limit(1),
    db
      .select()
      .from(validations)
      .where(and(eq(validations.organisationId, organisationId), eq(validations.year, year))),
    db
      .select()
      .from(schemeResults)
      .where(and(eq(schemeResults.organisationId, organisationId), eq(schemeResults.year, year))),
    db
      .select({ state: questionnaires.state })
      .from(questionnaires)
      .where(and(eq(questionnaires.organisationId, organisationId), eq(questionnaires.year, year))),
  ]);
  const snapshot: YearSnapshot = {
    hasServiceArea: area.length > 0,
    validations: Object.fromEntries(
      validationRows.map((row) => [row.type, { done: row.done, valid: row.valid }]),
    ),
    questionnaireState: questionnaire?.state ?? null,
  };
  for (const row of resultRows) snapshot[row.kind] = { status: row.status };
  return snapshot;
}
