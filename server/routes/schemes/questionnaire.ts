import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { draftAnswersSchema, draftStepSchema } from "../../../schemes/questionnaire/draft.ts";
import {
  type QuestionnaireAnswers,
  questionnaireAnswersSchema,
} from "../../../schemes/questionnaire/schema.ts";
import { type QuestionnaireAction, transition } from "../../../schemes/questionnaire/states.ts";
import {
  draftView,
  findLatestQuestionnaire,
  findQuestionnaire,
  insertWaitingQuestionnaire,
  moveQuestionnaire,
  type QuestionnaireRow,
  questionnaireView,
  saveQuestionnaireDraft,
} from "../../../schemes/questionnaire/store.ts";
import type { AppContext, AppEnv } from "../../context.ts";
import { organisationYears } from "../../db/schema/index.ts";
import { draftAnswer, questionnaireAnswer } from "../../http/answers/schemes.ts";
import { parseWith, readJson } from "../../http/body.ts";
import { forbidden, HttpError, invalidToken, notFound } from "../../http/errors.ts";
import {
  organisationYearBodyExample,
  questionnaireDraftBodyExample,
  reviewQuestionnaireBodyExample,
  submitQuestionnaireBodyExample,
} from "../../http/examples/requestBodies.ts";
import { draftExample, questionnaireExample } from "../../http/examples/schemes.ts";
import { customerScope, requireCustomerAdmin, requireStaff } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { notify } from "../../live/notify.ts";
import { publishStateChange } from "../../live/stateChanges.ts";
import { findOrganisation } from "../../organisations/present.ts";
import { YEAR_MESSAGE } from "../../organisations/yearField.ts";
import { loadYearActions } from "../../organisations/yearState.ts";

/** Years arrive as 2024 or "2024" (the screens hold them in 4-character inputs). */
const year = z.preprocess(
  (value: number | string) => (typeof value === "string" && /^\d{4}$/.test(value) ? Number(value) : value),
  z.number({ error: YEAR_MESSAGE }).int(YEAR_MESSAGE).min(1900, YEAR_MESSAGE).max(2999, YEAR_MESSAGE),
);

/** The answers are read in a second pass, once the caller may act, by the questionnaire's own schema. */
const rawAnswers = z.record(z.string(), z.unknown(), { error: "must be an object of answers" });

export const submitBody = z.strictObject({ questionnaire: rawAnswers, year });
export const reviewBody = z
  .strictObject({
    questionnaire: rawAnswers.optional(),
    year,
    organization_uuid: z.uuid("must be an organisation id (UUID)"),
    kind: z.enum(["validate", "update"], { error: "must be 'validate' or 'update'" }),
  })
  .refine((body) => body.kind !== "update" || body.questionnaire !== undefined, {
    path: ["questionnaire"],
    message: "Please fill out this field",
  });
export const organisationYearBody = z.strictObject({
  organization_id: z.uuid("must be an organisation id (UUID)"),
  year,
});

export const draftBody = z.strictObject({ questionnaire: draftAnswersSchema, year, step: draftStepSchema });

/** Validates the answers, reporting errors under `questionnaire.<field>` like every other body field. */
const parseAnswers = (answers: Record<string, unknown>): QuestionnaireAnswers =>
  parseWith(z.object({ questionnaire: questionnaireAnswersSchema }), { questionnaire: answers })
    .questionnaire;

/** Refuses `action` unless the state machine allows it from this questionnaire (or from none). */
function checkTransition(action: QuestionnaireAction, row: QuestionnaireRow | undefined, forYear: number) {
  const outcome = transition(action, row?.state ?? null, forYear);
  if (!outcome.allowed) throw new HttpError(outcome.status, outcome.detail);
  return outcome.to;
}

/** Another request moved the questionnaire between our read and our write. */
const changedMeanwhile = (forYear: number) =>
  new HttpError(409, `The questionnaire for ${forYear} was changed meanwhile; reload it and try again.`);

/**
 * Applies a submit, update or validate to an existing questionnaire: checks the transition first (so a
 * refused caller learns nothing from answer validation), then reads the answers, then writes only if
 * the state is still the one checked.
 */
async function advance(
  app: AppContext,
  action: Exclude<QuestionnaireAction, "allow">,
  row: QuestionnaireRow | undefined,
  forYear: number,
  answers: Record<string, unknown> | undefined,
) {
  const to = checkTransition(action, row, forYear);
  // Only 'allow' starts from no questionnaire, so checkTransition has already refused a missing row.
  if (!row) throw notFound(`There is no questionnaire for ${forYear}.`);
  const data = answers === undefined ? undefined : parseAnswers(answers);
  const moved = await moveQuestionnaire(app.database.db, row.id, row.state, {
    state: to,
    data,
    now: app.clock.now(),
  });
  if (!moved) throw changedMeanwhile(forYear);
  await publishStateChange(app, {
    organisationId: moved.organisationId,
    year: forYear,
    topic: "questionnaire",
  });
  return { status: 200, questionnaire: questionnaireView(moved) };
}

/**
 * /api/management/schemes/questionnaire/: the customer questionnaire's calls (admin-area.md section 7).
 * Staff open a year's questionnaire (allow), the customer's admin submits it, staff update or validate it.
 */
export const questionnaireRoutes = new Hono<AppEnv>()
  // The customer's current questionnaire (latest year that has one); staff read it in dummy mode.
  .get(
    "/",
    customerScope(),
    describe({
      summary: "The organisation's latest questionnaire (customers; staff in dummy mode).",
      tags: ["Schemes: questionnaire"],
      answer: {
        description: "The questionnaire, or null when there is none.",
        schema: questionnaireAnswer,
        example: questionnaireExample,
      },
    }),
    async (c) => {
      const row = await findLatestQuestionnaire(c.var.app.database.db, c.var.scope.organisationId);
      return c.json({ status: 200, questionnaire: questionnaireView(row) });
    },
  )
  // The customer's admin submits the answers of a questionnaire staff opened; assistants may only read.
  .post(
    "/",
    requireCustomerAdmin(),
    describe({
      summary: "Submit the questionnaire's answers for a year (the organisation's admin).",
      tags: ["Schemes: questionnaire"],
      body: submitBody,
      bodyExample: submitQuestionnaireBodyExample,
      answer: {
        description: "The questionnaire after the step.",
        schema: questionnaireAnswer,
        example: questionnaireExample,
      },
      refusals: { 409: "The questionnaire was changed meanwhile: reload it and try again." },
    }),
    async (c) => {
      const session = c.var.session;
      if (session?.kind !== "client") throw invalidToken();
      const body = await readJson(c, submitBody);
      const row = await findQuestionnaire(c.var.app.database.db, session.organisation.id, body.year);
      return c.json(await advance(c.var.app, "submit", row, body.year, body.questionnaire));
    },
  )
  // The draft of the questionnaire waiting for the customer's admin: restored when the page loads.
  .get(
    "/draft",
    requireCustomerAdmin(),
    describe({
      summary: "The draft answers of the questionnaire waiting for the organisation's admin.",
      tags: ["Schemes: questionnaire"],
      answer: {
        description: "`{status: 200, draft: {year, answers, step, saved_at} | null}`.",
        schema: draftAnswer,
        example: draftExample,
      },
    }),
    async (c) => {
      const session = c.var.session;
      if (session?.kind !== "client") throw invalidToken();
      const row = await findLatestQuestionnaire(c.var.app.database.db, session.organisation.id);
      return c.json(draftAnswer.parse({ status: 200, draft: draftView(row) }));
    },
  )
  // Saved as the customer answers (the web debounces): answers as typed, checked only at submit.
  .post(
    "/draft",
    requireCustomerAdmin(),
    describe({
      summary: "Keep the draft answers of the year's waiting questionnaire (the organisation's admin).",
      tags: ["Schemes: questionnaire"],
      body: draftBody,
      bodyExample: questionnaireDraftBodyExample,
      answer: { description: "The draft kept.", schema: draftAnswer, example: draftExample },
    }),
    async (c) => {
      const session = c.var.session;
      if (session?.kind !== "client") throw invalidToken();
      const body = await readJson(c, draftBody);
      const { db } = c.var.app.database;
      const row = await findQuestionnaire(db, session.organisation.id, body.year);
      // A draft is kept only where a submit would be accepted: the same refusals (403 before staff
      // opened it, 400 once submitted).
      checkTransition("submit", row, body.year);
      if (!row) throw notFound(`There is no questionnaire for ${body.year}.`);
      const answers = Object.fromEntries(
        Object.entries(body.questionnaire).filter(
          (entry): entry is [string, string | string[]] => entry[1] !== undefined,
        ),
      );
      const saved = await saveQuestionnaireDraft(
        db,
        row.id,
        { answers, step: body.step },
        c.var.app.clock.now(),
      );
      if (!saved) throw changedMeanwhile(body.year);
      return c.json(draftAnswer.parse({ status: 200, draft: draftView(saved) }));
    },
  )
  // Staff review: 'update' edits the answers and keeps the state; 'validate' makes it valid.
  .patch(
    "/",
    requireStaff(),
    describe({
      summary: "Staff review: save, accept or send back the questionnaire of an organisation's year.",
      tags: ["Schemes: questionnaire"],
      body: reviewBody,
      bodyExample: reviewQuestionnaireBodyExample,
      answer: {
        description: "The questionnaire after the step.",
        schema: questionnaireAnswer,
        example: questionnaireExample,
      },
      refusals: { 409: "The questionnaire was changed meanwhile: reload it and try again." },
    }),
    async (c) => {
      const body = await readJson(c, reviewBody);
      const row = await findQuestionnaire(c.var.app.database.db, body.organization_uuid, body.year);
      return c.json(await advance(c.var.app, body.kind, row, body.year, body.questionnaire));
    },
  )
  // Staff open the year's questionnaire to the customer, once the year's six core items are complete.
  .post(
    "/allow",
    requireStaff(),
    describe({
      summary: "Open a questionnaire for an organisation's year (staff).",
      tags: ["Schemes: questionnaire"],
      body: organisationYearBody,
      bodyExample: organisationYearBodyExample,
      answer: {
        description: "The questionnaire opened.",
        schema: questionnaireAnswer,
        example: questionnaireExample,
      },
      refusals: { 409: "A questionnaire for this year was opened meanwhile: reload." },
    }),
    async (c) => {
      const body = await readJson(c, organisationYearBody);
      const { db } = c.var.app.database;
      const organisation = await findOrganisation(db, body.organization_id);
      if (!organisation) throw notFound("Organisation not found.");
      const [organisationYear] = await db
        .select({ id: organisationYears.id })
        .from(organisationYears)
        .where(
          and(eq(organisationYears.organisationId, organisation.id), eq(organisationYears.year, body.year)),
        );
      if (!organisationYear) throw notFound(`${organisation.name} has no year ${body.year}.`);
      // The year's rule first: a refusal in the words the year detail shows beside the button.
      const gate = (await loadYearActions(c.var.app, organisation.id, body.year)).questionnaire_allow;
      if (!gate.allowed) throw new HttpError(400, gate.message).withCode("not_ready");
      checkTransition("allow", await findQuestionnaire(db, organisation.id, body.year), body.year);
      const created = await insertWaitingQuestionnaire(db, organisation.id, body.year);
      if (!created) throw changedMeanwhile(body.year);
      await publishStateChange(c.var.app, {
        organisationId: organisation.id,
        year: body.year,
        topic: "questionnaire",
      });
      await notify(
        c.var.app,
        { organisation: organisation.id },
        {
          message: `The ${body.year} questionnaire is open: your organisation's admin fills it in from the practice profile.`,
        },
      );
      return c.json({ status: 200, questionnaire: questionnaireView(created) });
    },
  )
  // One year's questionnaire: staff for any organisation, a customer for its own only.
  .post(
    "/detail",
    describe({
      summary: "The questionnaire of an organisation's year.",
      tags: ["Schemes: questionnaire"],
      body: organisationYearBody,
      bodyExample: organisationYearBodyExample,
      answer: {
        description: "The questionnaire, or null when there is none.",
        schema: questionnaireAnswer,
        example: questionnaireExample,
      },
    }),
    async (c) => {
      const session = c.var.session;
      if (!session) throw invalidToken();
      const body = await readJson(c, organisationYearBody);
      const { db } = c.var.app.database;
      if (session.kind === "client" && body.organization_id !== session.organisation.id) {
        throw forbidden("You can only read your own organisation's questionnaire.");
      }
      if (session.kind === "admin" && !(await findOrganisation(db, body.organization_id))) {
        throw notFound("Organisation not found.");
      }
      const row = await findQuestionnaire(db, body.organization_id, body.year);
      return c.json({ status: 200, questionnaire: questionnaireView(row) });
    },
  );
