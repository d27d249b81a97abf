import { asc, desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { nextFaqFlags } from "../content/faqFlags.ts";
import type { AppEnv } from "../context.ts";
import type { Db } from "../db/client.ts";
import { faqs } from "../db/schema/index.ts";
import { REQUIRED_MESSAGE, textFieldError } from "../forms/formatWords.ts";
import { faqAnswer, faqsAnswer } from "../http/answers/services.ts";
import { readJson } from "../http/body.ts";
import { HttpError, invalidToken, notFound } from "../http/errors.ts";
import { faqsExample } from "../http/examples/services.ts";
import { requireStaff } from "../http/middleware/guards.ts";
import { describe } from "../http/openapi/declare.ts";

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

const addFaq = z.strictObject({ faq: z.strictObject({ question, answer }) });
const updateFaq = z.strictObject({
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
const removeFaq = z.strictObject({ id: faqId });

const faqColumns = {
  id: faqs.id,
  question: faqs.question,
  answer: faqs.answer,
  promote: faqs.promote,
  active: faqs.active,
};

/** Staff see every question in the order they were added; customers the active ones, promoted first. */
function faqList(db: Db, audience: "staff" | "customer") {
  if (audience === "staff") {
    return db.select(faqColumns).from(faqs).orderBy(asc(faqs.position), asc(faqs.id));
  }
  return db
    .select(faqColumns)
    .from(faqs)
    .where(eq(faqs.active, true))
    .orderBy(desc(faqs.promote), asc(faqs.position), asc(faqs.id));
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
      summary: "The help centre's questions for the caller's area (customer or staff).",
      tags: ["Help centre"],
      answer: {
        description: "Customers: the active questions, promoted first. Staff: every question, in order.",
        schema: faqsAnswer,
        example: {
          status: 200,
          faqs: [
            {
              id: 1,
              question: "How do I upload a year?",
              answer: "<p>Open <strong>Data upload</strong> in the practice profile.</p>",
              promote: true,
              active: true,
            },
          ],
        },
      },
    }),
    async (c) => {
      const session = c.var.session;
      if (!session) throw invalidToken();
      const audience = session.kind === "admin" ? "staff" : "customer";
      return c.json({ status: 200, faqs: await faqList(c.var.app.database.db, audience) });
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
