import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { backends } from "../../tests/helpers/backends.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { defaultFaqs } from "../content/defaultFaqs.ts";
import { appSettings, faqs } from "../db/schema/index.ts";
import { seedHelpCentre } from "./helpCentre.ts";

for (const backend of backends) {
  describe(`the Help Center's default questions (${backend})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(backend);
    }, 60_000);
    afterAll(() => t.close());

    test("published at the first start, through the FAQ table; never re-added or overwritten", async () => {
      const { db } = t.context.database;
      expect(await db.select().from(faqs)).toEqual([]);
      expect(await seedHelpCentre(t.context)).toBe(defaultFaqs.length);
      const published = await db.select().from(faqs).orderBy(asc(faqs.position));
      expect(published.map((row) => row.question)).toEqual(defaultFaqs.map((faq) => faq.question));
      expect(published.every((row) => row.active && !row.promote)).toBe(true);
      expect(published.map((row) => row.question)).toContain("What does 'out of date' mean?");

      // Staff delete one and edit another: a later start changes neither.
      await db.delete(faqs).where(eq(faqs.id, published[0]!.id));
      await db.update(faqs).set({ answer: "Ours." }).where(eq(faqs.id, published[1]!.id));
      expect(await seedHelpCentre(t.context)).toBe(0);
      const after = await db.select().from(faqs).orderBy(asc(faqs.position));
      expect(after.length).toBe(defaultFaqs.length - 1);
      expect(after[0]!.answer).toBe("Ours.");

      // An installation whose staff once published and deleted everything gets nothing either.
      await db.delete(faqs);
      await db.delete(appSettings).where(eq(appSettings.name, "helpcenter_seeded"));
      expect(await seedHelpCentre(t.context)).toBe(0);
      expect(await db.select().from(faqs)).toEqual([]);
    }, 60_000);
  });
}
