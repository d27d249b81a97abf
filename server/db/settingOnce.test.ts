/**
 * Without SECRET_KEY, the key is made once and kept in the database, so a report's unsubscribe link
 * made by one server process verifies on another, and after a restart.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomUUID } from "node:crypto";
import { backends } from "../../tests/helpers/backends.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { unsubscribePath, unsubscribeToken } from "../reports/unsubscribeToken.ts";
import { settingOnce } from "./settingOnce.ts";

for (const backend of backends) {
  describe(`a setting made once (${backend})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(backend);
    }, 60_000);
    afterAll(() => t.close());

    test("two makers at once agree on the first value stored; the generated secret key is that value", async () => {
      const { db } = t.context.database;
      const [first, second] = await Promise.all([
        settingOnce(db, "example", () => "made by one"),
        settingOnce(db, "example", () => "made by two"),
      ]);
      expect(first).toBe(second);
      expect(await settingOnce(db, "example", () => "made later")).toBe(first);
      expect(t.context.config.secretKey).toBe(await settingOnce(db, "secret_key", () => "unused"));
    });
  });
}

if (backends.includes("postgres")) {
  describe("two server processes on one PostgreSQL without SECRET_KEY", () => {
    let a: TestApp;
    let b: TestApp;
    let configured: TestApp;
    beforeAll(async () => {
      a = await startTestApp("postgres");
      b = await startTestApp("postgres", {}, { shareDatabaseWith: a });
      configured = await startTestApp("postgres", { SECRET_KEY: "k".repeat(32) }, { shareDatabaseWith: a });
    }, 60_000);
    afterAll(async () => {
      await configured.close();
      await b.close();
      await a.close();
    });

    test("an unsubscribe link made by one verifies on the other; a configured SECRET_KEY still wins", async () => {
      expect(b.context.config.secretKey).toBe(a.context.config.secretKey);
      expect(configured.context.config.secretKey).toBe("k".repeat(32));
      // A recipient no longer there: a link signed with our key is 'already used' (410), a foreign one 404.
      const link = unsubscribePath(unsubscribeToken(a.context.config.secretKey, randomUUID()));
      expect((await b.client().get(link)).status).toBe(410);
      expect((await configured.client().get(link)).status).toBe(404);
    });
  });
}
