import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { advisoryBoardUploads, faqs, idempotencyKeys } from "../../server/db/schema/index.ts";
import { marketRow, toCsv } from "../../server/ingest/testing/builders.ts";
import { backends } from "../helpers/backends.ts";
import { createStaff, signInStaff } from "../helpers/factories.ts";
import { HttpClient } from "../helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";

const FAQ_PATH = "/api/management/helpcenter/";
const faq = (question: string) => ({ faq: { question, answer: "An answer." } });
const keyed = (key: string) => ({ "Idempotency-Key": key });

for (const backend of backends) {
  describe(`Idempotency-Key on creates (${backend})`, () => {
    let t: TestApp;
    let staff: HttpClient;
    beforeAll(async () => {
      t = await startTestApp(backend);
      staff = await signInStaff(t, (await createStaff(t)).username);
    });
    afterAll(() => t.close());

    const faqsAsked = (question: string) =>
      t.context.database.db.select().from(faqs).where(eq(faqs.question, question));

    test("the same key and body twice: one question, the first answer given again", async () => {
      const key = crypto.randomUUID();
      const first = await staff.post(FAQ_PATH, faq("Retried once?"), keyed(key));
      expect(first.status).toBe(200);
      expect(first.headers.get("Idempotent-Replayed")).toBeNull();
      const again = await staff.post(FAQ_PATH, faq("Retried once?"), keyed(key));
      expect(again.status).toBe(200);
      expect(again.json).toEqual(first.json);
      expect(again.headers.get("Idempotent-Replayed")).toBe("true");
      expect(await faqsAsked("Retried once?")).toHaveLength(1);
    });

    test("without a key, a retried create makes two (as before)", async () => {
      await staff.post(FAQ_PATH, faq("No key?"));
      await staff.post(FAQ_PATH, faq("No key?"));
      expect(await faqsAsked("No key?")).toHaveLength(2);
    });

    test("the same key with another body: 409 idempotency_key_reused, nothing made", async () => {
      const key = crypto.randomUUID();
      expect((await staff.post(FAQ_PATH, faq("First body?"), keyed(key))).status).toBe(200);
      const other = await staff.post(FAQ_PATH, faq("Second body?"), keyed(key));
      expect(other.status).toBe(409);
      expect(other.json.code).toBe("idempotency_key_reused");
      expect(await faqsAsked("Second body?")).toHaveLength(0);
    });

    test("the same key on another call: 409", async () => {
      const key = crypto.randomUUID();
      expect((await staff.post(FAQ_PATH, faq("Key on two calls?"), keyed(key))).status).toBe(200);
      const agent = { username: "agent-with-key", email: "agent-with-key@vitality.local" };
      const other = await staff.post("/api/management/admin/detail/", agent, keyed(key));
      expect(other.status).toBe(409);
      expect(other.json.code).toBe("idempotency_key_reused");
    });

    test("keys are the caller's own: another staff member's same key and body creates", async () => {
      const key = crypto.randomUUID();
      const other = await signInStaff(t, (await createStaff(t)).username);
      expect((await staff.post(FAQ_PATH, faq("Two callers?"), keyed(key))).status).toBe(200);
      const second = await other.post(FAQ_PATH, faq("Two callers?"), keyed(key));
      expect(second.status).toBe(200);
      expect(second.headers.get("Idempotent-Replayed")).toBeNull();
      expect(await faqsAsked("Two callers?")).toHaveLength(2);
    });

    test("a refused body does not keep the key: the corrected body with it creates", async () => {
      const key = crypto.randomUUID();
      const refused = await staff.post(FAQ_PATH, { faq: { question: "" } }, keyed(key));
      expect(refused.status).toBe(400);
      const corrected = await staff.post(FAQ_PATH, faq("Corrected?"), keyed(key));
      expect(corrected.status).toBe(200);
      expect(corrected.headers.get("Idempotent-Replayed")).toBeNull();
      expect(await faqsAsked("Corrected?")).toHaveLength(1);
    });

    test("a key that is not printable ASCII is refused naming the header", async () => {
      const answer = await staff.post(FAQ_PATH, faq("Bad key?"), keyed("has space"));
      expect(answer.status).toBe(400);
      expect(answer.json.errors).toEqual([
        { field: "Idempotency-Key", message: "must be 1 to 255 printable ASCII characters (no spaces)" },
      ]);
      expect(await faqsAsked("Bad key?")).toHaveLength(0);
    });

    test("a multipart upload sent again under a new boundary is the same request", async () => {
      const key = crypto.randomUUID();
      const form = () => {
        const body = new FormData();
        body.append("files", new File([toCsv([marketRow()])], "market_ip.csv"));
        body.append("kind", "IP");
        body.append("year", "2024");
        return body;
      };
      const first = await staff.post("/api/services/advisory_board/file/", form(), keyed(key));
      expect(first.status).toBe(200);
      const again = await staff.post("/api/services/advisory_board/file/", form(), keyed(key));
      expect(again.status).toBe(200);
      expect(again.headers.get("Idempotent-Replayed")).toBe("true");
      expect(again.json).toEqual(first.json);
      expect(await t.context.database.db.select().from(advisoryBoardUploads)).toHaveLength(1);
      const changed = form();
      changed.set("year", "2023");
      const other = await staff.post("/api/services/advisory_board/file/", changed, keyed(key));
      expect(other.json.code).toBe("idempotency_key_reused");
    });

    test("after 24 hours the key is free again and expired keys are deleted", async () => {
      const key = crypto.randomUUID();
      const member = await createStaff(t);
      const before = await signInStaff(t, member.username);
      expect((await before.post(FAQ_PATH, faq("A day later?"), keyed(key))).status).toBe(200);
      t.clock.advance(24 * 3600 + 60);
      // The session has ended by then: the same staff member signs in again.
      const after = await signInStaff(t, member.username);
      const later = await after.post(FAQ_PATH, faq("A day later?"), keyed(key));
      expect(later.status).toBe(200);
      expect(later.headers.get("Idempotent-Replayed")).toBeNull();
      expect(await faqsAsked("A day later?")).toHaveLength(2);
      // Only keys made after the clock moved remain: the sweep deleted every expired one.
      const rows = await t.context.database.db.select().from(idempotencyKeys);
      expect(rows.length).toBe(1);
      expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    });
  });
}

// Two server processes on one PostgreSQL database: a key used on one is honoured by the other.
if (backends.includes("postgres")) {
  describe("Idempotency-Key across two app instances on one database (postgres)", () => {
    let one: TestApp;
    let two: TestApp;
    beforeAll(async () => {
      one = await startTestApp("postgres");
      two = await startTestApp("postgres", {}, { shareDatabaseWith: one });
    });
    afterAll(async () => {
      await two.close();
      await one.close();
    });

    test("a retry that reaches the other instance answers the first answer; another body 409", async () => {
      const onOne = await signInStaff(one, (await createStaff(one)).username);
      const onTwo = new HttpClient(two.app);
      for (const [name, value] of onOne.cookies) onTwo.cookies.set(name, value);
      const key = crypto.randomUUID();
      const first = await onOne.post(FAQ_PATH, faq("Across processes?"), keyed(key));
      expect(first.status).toBe(200);
      const retried = await onTwo.post(FAQ_PATH, faq("Across processes?"), keyed(key));
      expect(retried.status).toBe(200);
      expect(retried.json).toEqual(first.json);
      expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
      const other = await onTwo.post(FAQ_PATH, faq("Across, changed?"), keyed(key));
      expect(other.status).toBe(409);
      expect(other.json.code).toBe("idempotency_key_reused");
      const asked = await one.context.database.db
        .select()
        .from(faqs)
        .where(eq(faqs.question, "Across processes?"));
      expect(asked).toHaveLength(1);
    });

    test("while the first is being answered elsewhere, the retry is 409 idempotency_in_progress", async () => {
      const member = await createStaff(one);
      const onOne = await signInStaff(one, member.username);
      const key = crypto.randomUUID();
      // A claim held by the other instance, as its row is while its handler runs.
      await two.context.database.db.insert(idempotencyKeys).values({
        caller: `staff:${member.id}`,
        key,
        createdAt: two.clock.now(),
        expiresAt: new Date(two.clock.now().getTime() + 3600_000),
      });
      const retried = await onOne.post(FAQ_PATH, faq("In progress?"), keyed(key));
      expect(retried.status).toBe(409);
      expect(retried.json.code).toBe("idempotency_in_progress");
      expect(retried.headers.get("Retry-After")).toBe("1");
    });
  });
}
