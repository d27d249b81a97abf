import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import { questionnaires } from "../../server/db/schema/index.ts";
import type { QuestionnaireDraft } from "./draft.ts";
import type { QuestionnaireAnswers } from "./schema.ts";
import type { QuestionnaireState } from "./states.ts";

export type QuestionnaireRow = typeof questionnaires.$inferSelect;

const ofYear = (organisationId: string, year: number) =>
  and(eq(questionnaires.organisationId, organisationId), eq(questionnaires.year, year));

export async function findQuestionnaire(db: Db, organisationId: string, year: number) {
  const [row] = await db.select().from(questionnaires).where(ofYear(organisationId, year));
  return row;
}

/** The customer's current questionnaire: the one of the latest year that has one. */
export async function findLatestQuestionnaire(db: Db, organisationId: string) {
  const [row] = await db
    .select()
    .from(questionnaires)
    .where(eq(questionnaires.organisationId, organisationId))
    .orderBy(desc(questionnaires.year))
    .limit(1);
  return row;
}

/** Opens the year's questionnaire; undefined when one already exists (the unique key decides races). */
export async function insertWaitingQuestionnaire(db: Db, organisationId: string, year: number) {
  const [row] = await db
    .insert(questionnaires)
    .values({ organisationId, year, state: "waiting", data: {} })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Moves a questionnaire only if it is still in the state the caller checked: of two concurrent
 * submissions one wins and the other finds nothing to update. `data` undefined keeps the answers.
 */
export async function moveQuestionnaire(
  db: Db,
  id: string,
  from: QuestionnaireState,
  change: { state: QuestionnaireState; data?: QuestionnaireAnswers; now: Date },
) {
  const [row] = await db
    .update(questionnaires)
    // Leaving a state ends any draft: only a waiting questionnaire has one, and submit replaces it.
    .set({
      state: change.state,
      updatedAt: change.now,
      draft: null,
      draftSavedAt: null,
      // New answers are a new input version of the scoring (server/organisations/yearInputs.ts).
      ...(change.data ? { data: change.data, revision: sql`${questionnaires.revision} + 1` } : {}),
    })
    .where(and(eq(questionnaires.id, id), eq(questionnaires.state, from)))
    .returning();
  return row;
}

/** What the calls answer: the spec's {year, state, data}. */
export function questionnaireView(row: QuestionnaireRow | undefined) {
  return row ? { year: row.year, state: row.state, data: row.data } : null;
}

/**
 * Keeps the customer's draft of a waiting questionnaire; undefined when it is no longer waiting (it
 * was submitted meanwhile, so the draft has nothing left to keep).
 */
export async function saveQuestionnaireDraft(db: Db, id: string, draft: QuestionnaireDraft, now: Date) {
  const [row] = await db
    .update(questionnaires)
    .set({ draft, draftSavedAt: now })
    .where(and(eq(questionnaires.id, id), eq(questionnaires.state, "waiting")))
    .returning();
  return row;
}

/** What the draft calls answer: the year's draft, or null when none is kept. */
export function draftView(row: QuestionnaireRow | undefined) {
  if (!row?.draft || !row.draftSavedAt || row.state !== "waiting") return null;
  return {
    year: row.year,
    answers: row.draft.answers,
    step: row.draft.step,
    saved_at: row.draftSavedAt.toISOString(),
  };
}
