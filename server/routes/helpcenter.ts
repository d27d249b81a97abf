import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { nextFaqFlags } from "../content/faqFlags.ts";
import type { AppEnv } from "../context.ts";
import type { Db } from "../db/client.ts";
import { faqs } from "../db/schema/index.ts";
import { REQUIRED_MESSAGE, textFieldError } from "../forms/formatWords.ts";
import { faqAnswer, faqPageAnswer, faqsAnswer } from "../http/answers/services.ts";
import { readJson, readQuery } from "../http/body.ts";
import { HttpError, invalidToken, notFound } from "../http/errors.ts";
import { changeQuestionBodyExample, removeQuestionBodyExample } from "../http/examples/requestBodies.ts";
import { faqsExample } from "../http/examples/services.ts";
import { requireStaff } from "../http/middleware/guards.ts";
import { describe } from "../http/openapi/declare.ts";
import { keyset, type PageRequest, pageOf, pageQuery } from "../http/pagination.ts";

/** The FAQ rules of admin-area.md section 5 (question and answer required), as server/forms/faq.ts lists them. */
const question = z
  .string({ error: textFieldError(REQUIRED_MESSAGE) })
  .trim()
  .min(1, "Please fill out this field")
  .max(500, "must be at most 500 characters");
const answer = z
  .string({ error: textFieldError(REQUIRED_MESSAGE) })
  .trim()
  .min(1, "Please fill out this field")
  .max(10_000, "must be at most 10,000 characters");
// The column is a PostgreSQL integer: a larger number is no question (and would be a database error).
const faqId = z
  .number({ message: "must be the number of a question" })
  .int()
  .positive()
  .max(2_147_483_647, "must be the number of a question");

export const addFaq = z.strictObject({ faq: z.strictObject({ question, answer }) });
export const updateFaq = z.strictObject({
  id: faqId,
  // Every field optional: a field not sent keeps its stored value.
  data: z.strictObject({
    id: faqId.optional(),
    question: question.optional(),
    answer: answer.optional(),
    promote: z.boolean({ message: "must be true or false" }).optional(),
    active: z.boolean({ message: "must be true or false" }).optional(),
  }),
});
export const removeFaq = z.strictObject({ id: faqId });

const faqColumns = {
  id: faqs.id,
  question: faqs.question,
  answer: faqs.answer,
  promote: faqs.promote,
  active: faqs.active,
};

/** Questions a page holds when the caller names no `limit`: the help centre shows them at once. */
export const FAQ_PAGE = 50;
const faqPage = pageQuery(FAQ_PAGE);

/** Staff: every question in the order they were added. Customers: the active ones, promoted first. */
const faqOrder = {
  staff: keyset([
    { column: faqs.position, type: "integer" },
    { column: faqs.id, type: "integer" },
  ]),
  customer: keyset([
    { column: faqs.promote, type: "boolean", direction: "desc" },
    { column: faqs.position, type: "integer" },
    { column: faqs.id, type: "integer" },
  ]),
};

function faqRows(db: Db, audience: "staff" | "customer", page?: PageRequest) {
  const order = faqOrder[audience];
  const query = db
    .select({ ...faqColumns, pageKey: order.pageKey })
    .from(faqs)
    .where(and(audience === "customer" ? eq(faqs.active, true) : undefined, order.after(page?.cursor)))
    .orderBy(...order.orderBy);
  return page ? query.limit(page.limit + 1) : query;
}

/** Every question as staff see them: what a change answers (the staff screen holds the whole list). */
async function faqList(db: Db, audience: "staff" | "customer") {
  return (await faqRows(db, audience)).map(({ pageKey: _key, ...faq }) => faq);
}

/** One page of the questions the audience sees, and the next page's cursor. */
async function faqPageOf(db: Db, audience: "staff" | "customer", page: PageRequest) {
  const { rows, nextCursor } = pageOf(await faqRows(db, audience, page), page.limit);
  return { faqs: rows.map(({ pageKey: _key, ...faq }) => faq), next_cursor: nextCursor };
}

/**
 * /api/management/helpcenter/: everyone signed in reads (customer-area.md section 7); staff site
 * admins add, change and delete (admin-area.md section 7); agents read only, and dummy mode is
 * read-only as everywhere.
 */
export const helpcenterRoutes = new Hono<AppEnv>()
  .get(
    "/",
    describe({
      summary: "The help centre's questions for the caller's area (customer or staff), a page at a time.",
      tags: ["Help centre"],
      query: faqPage,
      answer: {
        description:
          "Customers: the active questions, promoted first. Staff: every question, in order. A page of them and the next page's cursor.",
        schema: faqPageAnswer,
        example: { ...faqsExample, next_cursor: null },
      },
    }),
    async (c) => {
      const session = c.var.session;
      if (!session) throw invalidToken();
      const page = readQuery(c, faqPage);
      const audience = session.kind === "admin" ? "staff" : "customer";
      return c.json({ status: 200, ...(await faqPageOf(c.var.app.database.db, audience, page)) });
    },
  )
  .post(
    "/",
    requireStaff({ siteAdmin: true }),
    describe({
      idempotent: true,
      summary: "Add a question (site admins only).",
      tags: ["Help centre"],
      body: addFaq,
      bodyExample: { faq: { question: "How do I upload a year?", answer: "<p>Open Data upload.</p>" } },
      answer: {
        description: "The new question.",
        schema: faqAnswer,
        example: {
          status: 200,
          faq: {
            id: 12,
            question: "How do I upload a year?",
            answer: "<p>Open Data upload.</p>",
            promote: false,
            active: true,
          },
        },
      },
    }),
    async (c) => {
      const { faq } = await readJson(c, addFaq);
      const { db } = c.var.app.database;
      const [added] = await db
        .insert(faqs)
        .values({
          question: faq.question,
          answer: faq.answer,
          // Appended: after every question there is.
          position: sql`(SELECT coalesce(max(${faqs.position}), 0) + 1 FROM ${faqs})`,
        })
        .returning(faqColumns);
      return c.json({ status: 200, faq: added });
    },
  )
  .patch(
    "/",
    requireStaff({ siteAdmin: true }),
    describe({
      summary: "Change a question: text, promoted, active (a field not sent is kept).",
      tags: ["Help centre"],
      body: updateFaq,
      bodyExample: changeQuestionBodyExample,
      answer: { description: "Every question, as staff see them.", schema: faqsAnswer, example: faqsExample },
    }),
    async (c) => {
      const { id, data } = await readJson(c, updateFaq);
      if (data.id !== undefined && data.id !== id) {
        const message = "must be the id of the question being changed";
        throw new HttpError(400, `data.id: ${message}`, [{ field: "data.id", message }]);
      }
      const { db } = c.var.app.database;
      const [stored] = await db.select(faqColumns).from(faqs).where(eq(faqs.id, id));
      if (!stored) throw notFound("No question with this id.");
      const flags = nextFaqFlags(stored, {
        promote: data.promote ?? stored.promote,
        active: data.active ?? stored.active,
      });
      await db
        .update(faqs)
        .set({ question: data.question, answer: data.answer, ...flags })
        .where(eq(faqs.id, id));
      return c.json({ status: 200, faqs: await faqList(db, "staff") });
    },
  )
  .delete(
    "/",
    requireStaff({ siteAdmin: true }),
    describe({
      summary: "Remove a question.",
      tags: ["Help centre"],
      body: removeFaq,
      bodyExample: removeQuestionBodyExample,
      answer: { description: "The remaining questions.", schema: faqsAnswer, example: faqsExample },
    }),
    async (c) => {
      const { id } = await readJson(c, removeFaq);
      const { db } = c.var.app.database;
      const removed = await db.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id });
      if (removed.length === 0) throw notFound("No question with this id.");
      return c.json({ status: 200, faqs: await faqList(db, "staff") });
    },
  );
