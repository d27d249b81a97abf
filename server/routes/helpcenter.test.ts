import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { backends } from "../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInStaff,
} from "../../tests/helpers/factories.ts";
import type { HttpClient } from "../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { faqs } from "../db/schema/index.ts";
import { signInFromOwnAddress } from "./admin/testSupport.ts";

const PATH = "/api/management/helpcenter/";

interface Faq {
  id: number;
  question: string;
  answer: string;
  promote: boolean;
  active: boolean;
}

for (const backend of backends) {
  describe(`${PATH} (${backend})`, () => {
    let t: TestApp;
    let siteAdmin: HttpClient;
    let agent: HttpClient;
    let customer: HttpClient;
    let orgId = "";

    const stored = () => t.context.database.db.select().from(faqs).orderBy(faqs.id);
    const add = async (question: string, answer: string) => {
      const answerBody = await siteAdmin.post(PATH, { faq: { question, answer } });
      expect(answerBody.status).toBe(200);
      return answerBody.json.faq as Faq;
    };
    const patch = (faq: Faq, changes: Partial<Faq>, client = siteAdmin) =>
      client.patch(PATH, { id: faq.id, data: { ...faq, ...changes } });

    beforeAll(async () => {
      t = await startTestApp(backend);
      orgId = (await createOrganisation(t, { name: "Help Ortho", initialized: true })).id;
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      agent = await signInStaff(t, (await createStaff(t, "agent")).username);
      customer = await signInFromOwnAddress(t, (await createCustomer(t, orgId)).email);
      // A fresh database and the app's start-up take seconds on a busy machine.
    }, 120_000);
    afterAll(() => t?.close());

    test("POST appends a question, active and not promoted, trimmed; GET lists them in order", async () => {
      const first = await add("  How do I sign in?  ", "With the link we e-mail you.");
      expect(first).toEqual({
        id: expect.any(Number),
        question: "How do I sign in?",
        answer: "With the link we e-mail you.",
        promote: false,
        active: true,
      });
      const second = await add("Who reviews my data?", "Our analysts, before any analysis opens.");
      const list = await siteAdmin.get(PATH);
      expect(list.status).toBe(200);
      expect(list.json.faqs.map((faq: Faq) => faq.id)).toEqual([first.id, second.id]);
      await siteAdmin.delete(PATH, { id: first.id });
      await siteAdmin.delete(PATH, { id: second.id });
    });

    test("question and answer are required; a refusal names the field and stores nothing", async () => {
      const before = (await stored()).length;
      const blank = await siteAdmin.post(PATH, { faq: { question: "   ", answer: "" } });
      expect(blank.status).toBe(400);
      expect(blank.json.errors).toEqual([
        { field: "faq.question", message: "Please fill out this field" },
        { field: "faq.answer", message: "Please fill out this field" },
      ]);
      const missing = await siteAdmin.post(PATH, { faq: { question: "Only a question" } });
      expect(missing.status).toBe(400);
      expect(missing.json.errors[0].field).toBe("faq.answer");
      const extra = await siteAdmin.post(PATH, { faq: { question: "Q", answer: "A", active: false } });
      expect(extra.status).toBe(400);
      expect(extra.json.errors).toEqual([{ field: "faq.active", message: "is not a field of this form" }]);
      expect((await stored()).length).toBe(before);
    });

    test("PATCH saves the whole question and answers the list; the flags follow the FAQ rules", async () => {
      const faq = await add("Can I export a chart?", "Yes, as a PDF.");
      const edited = await patch(faq, {
        question: "Can I export a chart or a table?",
        answer: "Yes: PDF or CSV.",
      });
      expect(edited.status).toBe(200);
      expect(edited.json.faqs.find((entry: Faq) => entry.id === faq.id)).toEqual({
        ...faq,
        question: "Can I export a chart or a table?",
        answer: "Yes: PDF or CSV.",
      });

      // Promote on (active already on).
      let row = (await patch(faq, { promote: true })).json.faqs.find((entry: Faq) => entry.id === faq.id);
      expect(row).toMatchObject({ promote: true, active: true });
      // Active off forces promote off.
      row = (await patch(row, { active: false })).json.faqs.find((entry: Faq) => entry.id === faq.id);
      expect(row).toMatchObject({ promote: false, active: false });
      // Promote on forces active on.
      row = (await patch(row, { promote: true })).json.faqs.find((entry: Faq) => entry.id === faq.id);
      expect(row).toMatchObject({ promote: true, active: true });
      // Both in one call contradict each other: refused, nothing changes.
      row = (await patch(row, { promote: false })).json.faqs.find((entry: Faq) => entry.id === faq.id);
      const contradiction = await patch(row, { promote: true, active: false });
      expect(contradiction.status).toBe(400);
      expect(contradiction.json.errors[0].field).toBe("data.promote");
      const [kept] = (await stored()).filter((entry) => entry.id === faq.id);
      expect(kept).toMatchObject({ promote: false, active: true });
      await siteAdmin.delete(PATH, { id: faq.id });
    });

    test("PATCH refuses an unknown id, a mismatched data.id and a blank answer", async () => {
      const faq = await add("What is a service area?", "The zips you serve.");
      expect((await siteAdmin.patch(PATH, { id: 999_999, data: { ...faq, id: 999_999 } })).status).toBe(404);
      const mismatch = await patch(faq, { id: faq.id + 1 });
      expect(mismatch.status).toBe(400);
      expect(mismatch.json.errors[0].field).toBe("data.id");
      const blank = await patch(faq, { answer: " " });
      expect(blank.status).toBe(400);
      expect(blank.json.errors[0]).toEqual({ field: "data.answer", message: "Please fill out this field" });
      // A flag not sent is kept, as every field a PATCH does not send (tests/api/partialPatch.test.ts).
      const missingFlag = await siteAdmin.patch(PATH, {
        id: faq.id,
        data: { question: faq.question, answer: faq.answer, active: true },
      });
      expect(missingFlag.status).toBe(200);
      const [kept] = (await stored()).filter((entry) => entry.id === faq.id);
      expect(kept).toMatchObject({ answer: "The zips you serve.", promote: faq.promote });
      await siteAdmin.delete(PATH, { id: faq.id });
    });

    test("DELETE removes one question and answers the remaining list; an unknown id is 404", async () => {
      const keep = await add("Keep me", "Kept.");
      const gone = await add("Remove me", "Removed.");
      const removed = await siteAdmin.delete(PATH, { id: gone.id });
      expect(removed.status).toBe(200);
      expect(removed.json.faqs.map((faq: Faq) => faq.id)).toEqual([keep.id]);
      expect((await siteAdmin.delete(PATH, { id: gone.id })).status).toBe(404);
      expect((await siteAdmin.delete(PATH, { id: "one" })).status).toBe(400);
      await siteAdmin.delete(PATH, { id: keep.id });
    });

    test("customers read the active questions only, promoted ones first; staff read all", async () => {
      const plain = await add("Plain question", "Plain answer.");
      const hidden = await add("Hidden question", "Hidden answer.");
      const promoted = await add("Promoted question", "Promoted answer.");
      await patch(hidden, { active: false });
      await patch(promoted, { promote: true });

      const seen = await customer.get(PATH);
      expect(seen.status).toBe(200);
      expect(seen.json.faqs.map((faq: Faq) => faq.question)).toEqual(["Promoted question", "Plain question"]);
      const staffSees = await agent.get(PATH);
      expect(staffSees.json.faqs.map((faq: Faq) => faq.question)).toEqual([
        "Plain question",
        "Hidden question",
        "Promoted question",
      ]);
      for (const faq of [plain, hidden, promoted]) await siteAdmin.delete(PATH, { id: faq.id });
    });

    test("GET pages the list (limit, cursor): each question once, in each audience's order", async () => {
      // 101 questions in bulk: every third promoted, every seventh hidden; positions repeat, so the
      // id orders them.
      const rows = await t.context.database.db
        .insert(faqs)
        .values(
          Array.from({ length: 101 }, (_, i) => ({
            question: `Question ${i}`,
            answer: "An answer.",
            promote: i % 3 === 0 && i % 7 !== 0,
            active: i % 7 !== 0,
            position: i % 10,
          })),
        )
        .returning();
      const walk = async (client: HttpClient) => {
        const seen: Faq[] = [];
        let cursor: string | null = null;
        do {
          const query: string = cursor ? `?limit=8&cursor=${cursor}` : "?limit=8";
          const page = await client.get(`${PATH}${query}`);
          expect(page.status).toBe(200);
          expect(page.json.faqs.length).toBeLessThanOrEqual(8);
          seen.push(...page.json.faqs);
          cursor = page.json.next_cursor;
        } while (cursor);
        return seen.map((faq) => faq.id);
      };
      const byPosition = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
        a.position - b.position || a.id - b.id;
      expect(await walk(agent)).toEqual([...rows].sort(byPosition).map((row) => row.id));
      const shown = rows.filter((row) => row.active);
      const promotedFirst = [...shown.filter((row) => row.promote), ...shown.filter((row) => !row.promote)];
      expect(await walk(customer)).toEqual(
        [
          ...shown.filter((row) => row.promote).sort(byPosition),
          ...shown.filter((row) => !row.promote).sort(byPosition),
        ].map((row) => row.id),
      );
      expect(promotedFirst).toHaveLength(shown.length);
      const first = await customer.get(PATH);
      expect(first.json.faqs).toHaveLength(50);
      const forged = await customer.get(
        `${PATH}?cursor=${Buffer.from('["maybe","1","2"]').toString("base64url")}`,
      );
      expect(forged.status).toBe(400);
      expect(forged.json.errors[0].field).toBe("cursor");
      await t.context.database.db.delete(faqs);
    }, 60_000);

    test("agents and customers read only: every write is refused and nothing changes", async () => {
      const faq = await add("Read only?", "For agents, yes.");
      const attempts = [
        await agent.post(PATH, { faq: { question: "Agent's", answer: "No." } }),
        await patch(faq, { answer: "Changed by an agent" }, agent),
        await agent.delete(PATH, { id: faq.id }),
      ];
      expect(attempts.map((attempt) => attempt.status)).toEqual([403, 403, 403]);
      expect(attempts[0]?.json.detail).toBe("Agents cannot do this.");
      const byCustomer = [
        await customer.post(PATH, { faq: { question: "Customer's", answer: "No." } }),
        await patch(faq, { answer: "Changed by a customer" }, customer),
        await customer.delete(PATH, { id: faq.id }),
      ];
      expect(byCustomer.map((attempt) => attempt.status)).toEqual([401, 401, 401]);
      // Staff in dummy mode (read-only) cannot write either.
      const dummy = await siteAdmin.post(
        PATH,
        { faq: { question: "Dummy", answer: "No." } },
        { "x-dummy-org": orgId },
      );
      expect(dummy.status).toBe(403);
      const rows = await stored();
      expect(rows.map((row) => row.question)).toEqual(["Read only?"]);
      expect(rows[0]?.answer).toBe("For agents, yes.");
      await siteAdmin.delete(PATH, { id: faq.id });
    });

    test("without a session the list is refused with 'Invalid token.'", async () => {
      const anonymous = await t.client().prime();
      const answer = await anonymous.get(PATH);
      expect(answer.status).toBe(401);
      expect(answer.json.detail).toBe("Invalid token.");
    });
  });
}
