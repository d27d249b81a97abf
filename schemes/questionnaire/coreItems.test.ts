import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { schemeResults, validations } from "../../server/db/schema/index.ts";
import { backends } from "../../tests/helpers/backends.ts";
import { createOrganisation } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { coreItemsOfYear } from "./coreItems.ts";
import { completeCoreItems } from "./testSupport.ts";

const allSix = [
  "Facility validation",
  "Provider validation",
  "Global validation",
  "Service capabilities",
  "Macro capabilities",
  "Market profile",
];

for (const backend of backends) {
  describe(`questionnaire gate: the year's six core items (${backend})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(backend);
    });
    afterAll(() => t.close());

    test("nothing done: all six are missing", async () => {
      const org = await createOrganisation(t);
      expect(await coreItemsOfYear(t.context.database.db, org.id, 2024)).toEqual({
        complete: false,
        missing: allSix,
      });
    });

    test("all six valid or done: complete", async () => {
      const org = await createOrganisation(t);
      await completeCoreItems(t.context.database.db, org.id, 2024);
      expect(await coreItemsOfYear(t.context.database.db, org.id, 2024)).toEqual({
        complete: true,
        missing: [],
      });
    });

    test("a done-but-not-valid validation and a running or failed scheme do not count", async () => {
      const { db } = t.context.database;
      const org = await createOrganisation(t);
      await completeCoreItems(db, org.id, 2024, { validations: ["global"], schemes: ["MC", "MP"] });
      await db.insert(validations).values({ organisationId: org.id, year: 2024, type: "global", done: true });
      await db.insert(schemeResults).values([
        { organisationId: org.id, year: 2024, kind: "MC", status: "running" },
        { organisationId: org.id, year: 2024, kind: "MP", status: "failed" },
      ]);
      expect(await coreItemsOfYear(db, org.id, 2024)).toEqual({
        complete: false,
        missing: ["Global validation", "Macro capabilities", "Market profile"],
      });
    });

    test("another year's or another organisation's items do not count", async () => {
      const { db } = t.context.database;
      const org = await createOrganisation(t);
      const neighbour = await createOrganisation(t);
      await completeCoreItems(db, org.id, 2023);
      await completeCoreItems(db, neighbour.id, 2024);
      expect((await coreItemsOfYear(db, org.id, 2024)).missing).toEqual(allSix);
    });
  });
}
