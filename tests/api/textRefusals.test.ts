/**
 * Text a request may not store (issue 33, item 7): bytes that are not UTF-8 in a multipart field (as
 * in a JSON body), control characters in single-line fields, `__proto__` keys, and a request
 * carrying two csrftoken cookies. Each refused in plain words naming the field, nothing stored.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { customerUsers } from "../../server/db/schema/index.ts";
import { CONTROL_CHARACTER_MESSAGE } from "../../server/forms/singleLine.ts";
import { NOT_A_FIELD } from "../../server/http/plainWords.ts";
import { NOT_UTF8_MESSAGE } from "../../server/http/textSafety.ts";
import { backends } from "../helpers/backends.ts";
import { createCustomer, createOrganisation, signInCustomer } from "../helpers/factories.ts";
import type { HttpClient } from "../helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";

const UPDATE = "/api/management/customer/update/";
const USERS = "/api/management/customer/detail/";
const SUBSCRIPTIONS = "/api/management/customer/report-subscription/";
/** "Demo" then three bytes that are not UTF-8, then "(": stored as Demo\ufffd\ufffd\ufffd( before. */
const NOT_UTF8 = [0x44, 0x65, 0x6d, 0x6f, 0xff, 0xfe, 0xfd, 0x28];

for (const backend of backends) {
  describe(`text a request may not store (${backend})`, () => {
    let t: TestApp;
    let admin: HttpClient;
    let adminId: string;
    beforeAll(async () => {
      t = await startTestApp(backend);
      const org = await createOrganisation(t, { name: "Text Clinic", initialized: true });
      const user = await createCustomer(t, org.id, { isStaff: true, username: "Tess Text" });
      adminId = user.id;
      admin = await signInCustomer(t, user.email);
    }, 180_000);
    afterAll(() => t.close());

    const storedName = async () =>
      (await t.context.database.db.select().from(customerUsers).where(eq(customerUsers.id, adminId)))[0]!
        .username;

    /** Posts raw bytes with the client's cookies and CSRF header (HttpClient sends text only). */
    async function postBytes(path: string, body: Uint8Array<ArrayBuffer>, contentType: string) {
      const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
      const response = await t.app.fetch(
        new Request(`http://localhost:3000${path}`, {
          method: "POST",
          headers: {
            cookie,
            "x-csrftoken": admin.cookies.get("csrftoken")!,
            "x-forwarded-for": "203.0.113.10",
            "content-type": contentType,
          },
          body,
        }),
      );
      return { status: response.status, json: await response.json() };
    }

    test("a multipart text field that is not UTF-8 is refused naming the field, as the JSON body is", async () => {
      const encoder = new TextEncoder();
      const multipart = new Uint8Array([
        ...encoder.encode('--B\r\nContent-Disposition: form-data; name="user_data"\r\n\r\n{"username":"'),
        ...NOT_UTF8,
        ...encoder.encode('"}\r\n--B--\r\n'),
      ]);
      const form = await postBytes(UPDATE, multipart, "multipart/form-data; boundary=B");
      expect(form.status).toBe(400);
      expect(form.json).toEqual({
        code: "field_invalid",
        status: 400,
        detail: `user_data: ${NOT_UTF8_MESSAGE}`,
        errors: [{ field: "user_data", message: NOT_UTF8_MESSAGE }],
      });
      const json = await postBytes(
        USERS,
        new Uint8Array([
          ...encoder.encode('{"user_data":{"username":"'),
          ...NOT_UTF8,
          ...encoder.encode('"}}'),
        ]),
        "application/json",
      );
      expect(json.status).toBe(400);
      expect(await storedName()).toBe("Tess Text");
    });

    test("line breaks and control characters are refused in a user's name and a subscription's title", async () => {
      const rename = new FormData();
      rename.set("user_data", JSON.stringify({ username: "Tess\r\nBcc: evil@example.com" }));
      const renamed = await admin.post(UPDATE, rename);
      expect(renamed.status).toBe(400);
      expect(renamed.json.errors).toEqual([
        { field: "user_data.username", message: CONTROL_CHARACTER_MESSAGE },
      ]);
      expect(await storedName()).toBe("Tess Text");

      const added = await admin.post(USERS, {
        user_data: { username: "New\tUser", email: "new.user@example.com", status: "assistant" },
      });
      expect(added.status).toBe(400);
      expect(added.json.errors).toContainEqual({
        field: "user_data.username",
        message: CONTROL_CHARACTER_MESSAGE,
      });

      const subscribed = await admin.post(SUBSCRIPTIONS, {
        querie: "querie1",
        title: "Weekly\nshare",
        filters: { year: 2024 },
        follow_latest_year: true,
        frequency: "weekly",
        weekday: 1,
        hour: 7,
        time_zone: "Europe/Berlin",
        recipients: [adminId],
      });
      expect(subscribed.status).toBe(400);
      expect(subscribed.json.errors).toContainEqual({ field: "title", message: CONTROL_CHARACTER_MESSAGE });
      // Outer whitespace is trimmed as before, not refused.
      const trimmed = new FormData();
      trimmed.set("user_data", JSON.stringify({ username: " Tess Text\n" }));
      expect((await admin.post(UPDATE, trimmed)).status).toBe(200);
    });

    test("a __proto__ key is refused by name, in a JSON body and as a multipart field", async () => {
      const json = await admin.post(
        USERS,
        '{"user_data":{"username":"A","email":"a@example.com","status":"assistant","__proto__":{"isStaff":true}}}',
        {
          "content-type": "application/json",
        },
      );
      expect(json.status).toBe(400);
      expect(json.json.errors).toEqual([{ field: "user_data.__proto__", message: NOT_A_FIELD }]);
      const form = new FormData();
      form.append("__proto__", "x");
      form.append("__proto__", "y");
      const multipart = await admin.post(UPDATE, form);
      expect(multipart.status).toBe(400);
      expect(multipart.json.errors).toEqual([{ field: "__proto__", message: NOT_A_FIELD }]);
    });

    test("a request carrying two csrftoken cookies is refused, even when the first matches", async () => {
      const token = admin.cookies.get("csrftoken")!;
      const cookies = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
      const post = (cookie: string) =>
        t.app.fetch(
          new Request(`http://localhost:3000${UPDATE}`, {
            method: "POST",
            headers: { cookie, "x-csrftoken": token, "x-forwarded-for": "203.0.113.10" },
            body: (() => {
              const form = new FormData();
              form.set("user_data", JSON.stringify({ username: "Two Cookies" }));
              return form;
            })(),
          }),
        );
      const refused = await post(`${cookies}; csrftoken=other`);
      expect(refused.status).toBe(403);
      expect((await refused.json()).detail).toBe("CSRF Failed: more than one CSRF cookie was sent.");
      expect(await storedName()).not.toBe("Two Cookies");
      expect((await post(cookies)).status).toBe(200);
    });
  });
}
