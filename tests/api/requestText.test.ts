import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { practiceUploads } from "../../server/db/schema/index.ts";
import { professionalLine, toCsv } from "../../server/ingest/testing/builders.ts";
import { backends } from "../helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInCustomer,
  signInStaff,
} from "../helpers/factories.ts";
import type { HttpClient } from "../helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";

/**
 * What a request carries must be storable text, and a request the client abandons is not our
 * error: null characters and bytes that are not UTF-8 are refused naming the field (they were 500s
 * or silent U+FFFD), an integer beyond the column's range is refused, an analysis path matches
 * whole names only, and a body that never arrives is answered 408 without an error logged.
 */
for (const backend of backends) {
  describe(`request text (${backend})`, () => {
    let t: TestApp;
    let siteAdmin: HttpClient;
    let customer: HttpClient;
    let errorsLogged: string[];

    beforeAll(async () => {
      t = await startTestApp(backend);
      const staff = await createStaff(t, "site_admin");
      siteAdmin = await signInStaff(t, staff.username);
      const organisation = await createOrganisation(t, { initialized: true });
      const user = await createCustomer(t, organisation.id);
      customer = await signInCustomer(t, user.email);
      errorsLogged = [];
      const error = t.context.logger.error.bind(t.context.logger);
      t.context.logger.error = (message: string, fields?: Record<string, unknown>) => {
        errorsLogged.push(message);
        error(message, fields);
      };
    });
    afterAll(() => t.close());

    /** A request with a body the JSON client cannot send (raw bytes, a stream), as the site admin. */
    const rawAsSiteAdmin = (body: BodyInit) =>
      t.app.fetch(
        new Request("http://localhost:3000/api/management/helpcenter/", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            cookie: [...siteAdmin.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
            "x-csrftoken": siteAdmin.cookies.get("csrftoken") ?? "",
            "x-forwarded-for": "203.0.113.10",
          },
          body,
          duplex: "half",
        } as RequestInit),
      );

    test("a null character in a JSON field is refused naming the field, nothing stored", async () => {
      const faq = await siteAdmin.post("/api/management/helpcenter/", {
        faq: { question: "Why\u0000?", answer: "Because." },
      });
      expect(faq.status).toBe(400);
      expect(faq.json.errors).toEqual([
        { field: "faq.question", message: "must not contain a null character" },
      ]);
      const list = await siteAdmin.get("/api/management/helpcenter/");
      expect(JSON.stringify(list.json)).not.toContain("Why");

      const signin = await t.client().prime();
      const staffSignin = await signin.post("/api/management/admin/signin/", {
        username: "ad\u0000min",
        password: "whatever1",
      });
      expect(staffSignin.status).toBe(400);
      expect(staffSignin.json.errors[0].field).toBe("username");

      const saved = await customer.post("/api/management/queries/save/", {
        action: "save",
        querie: "querie1",
        title: "Spine\u0000",
        description: "",
        filters: {},
      });
      expect(saved.status).toBe(400);
      expect(saved.json.errors.map((e: { field: string }) => e.field)).toContain("title");
    });

    test("a null character in an uploaded file's name is refused before anything is stored", async () => {
      const form = new FormData();
      const csv = toCsv([professionalLine()]);
      form.append("files", new File([csv], "fees\u0000.csv", { type: "text/csv" }));
      form.append("years", "2024");
      const answer = await customer.post("/api/management/customer/file/", form);
      expect(answer.status).toBe(400);
      expect(answer.json.errors[0]).toEqual({
        field: "files.0.originalName",
        message: "must not contain a null character",
      });
      const uploads = await t.context.database.db.select().from(practiceUploads);
      expect(uploads).toEqual([]);
    });

    test("a body that is not UTF-8 is refused, not stored with replacement characters", async () => {
      // "Café" in Latin-1: the é is one byte 0xE9, which is no UTF-8.
      const bytes = Buffer.concat([
        Buffer.from('{"faq":{"question":"Caf'),
        Buffer.from([0xe9]),
        Buffer.from('","answer":"x"}}'),
      ]);
      const answer = await rawAsSiteAdmin(bytes);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { detail: string }).detail).toBe(
        "The request body is not valid UTF-8 text.",
      );
      const list = await siteAdmin.get("/api/management/helpcenter/");
      expect(JSON.stringify(list.json)).not.toContain("\ufffd");
    });

    test("a question id beyond the integer column is refused, not a database error", async () => {
      const patched = await siteAdmin.patch("/api/management/helpcenter/", {
        id: 2 ** 31,
        data: { question: "Q", answer: "A", promote: false, active: true },
      });
      expect(patched.status).toBe(400);
      expect(patched.json.errors[0]).toEqual({ field: "id", message: "must be the number of a question" });
      const removed = await siteAdmin.delete("/api/management/helpcenter/", { id: 2 ** 31 });
      expect(removed.status).toBe(400);
    });

    test("an analysis is run by its whole name only", async () => {
      for (const path of [
        "querie1abc",
        "querie1/extra",
        "a/b/c/0b9a4b0e-8a1f-4d36-9d0c-3f7b0c1e2d4a",
        "xquerie1",
      ]) {
        const answer = await customer.post(`/api/management/queries/${path}/`, {});
        expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      }
      // A real name still reaches the analysis (refused for the year: this organisation has no data).
      expect((await customer.post("/api/management/queries/querie1/", {})).status).toBe(400);
    });

    test("a body the client abandons is answered 408 and logged as no error", async () => {
      const before = errorsLogged.length;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"faq":'));
          controller.error(new DOMException("The connection was closed.", "AbortError"));
        },
      });
      const response = await rawAsSiteAdmin(body);
      expect(response.status).toBe(408);
      expect(errorsLogged.slice(before)).toEqual([]);
    });
  });
}
