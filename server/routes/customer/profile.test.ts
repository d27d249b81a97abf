import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { backends } from "../../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInStaff,
} from "../../../tests/helpers/factories.ts";
import type { HttpClient } from "../../../tests/helpers/httpClient.ts";
import {
  exactlyMaxPng,
  forgedGif,
  html,
  jpeg,
  oneByteTooLargePng,
  pictureForm,
  pngPolyglot,
  pngWithMetadata,
  SECRET_MARK,
  svg,
} from "../../../tests/helpers/images.ts";
import { startTestApp, type TestApp } from "../../../tests/helpers/testApp.ts";
import { customerUsers, organisations } from "../../db/schema/index.ts";
import { picturesDir } from "../../pictures/pictureStore.ts";
import { signInFromOwnAddress } from "../admin/testSupport.ts";

const UPDATE = "/api/management/customer/update/";
const LOGO = "/api/management/customer/organization-update/";
const INVALID = "Please select a valid image (PNG, JPEG, WebP or GIF).";
const TOO_LARGE = "The file is too large: at most 2 MB.";

const userData = (value: unknown) => ({ user_data: JSON.stringify(value) });
const png = async () => ({ bytes: await pngWithMetadata(), name: "me.png", type: "image/png" });

for (const backend of backends) {
  describe(`customer profile: name, picture and logo (${backend})`, () => {
    let t: TestApp;
    let orgA: { id: string };
    let orgB: { id: string };
    let adminA: HttpClient;
    let assistantA: HttpClient;
    let adminB: HttpClient;
    let siteAdmin: HttpClient;
    let agent: HttpClient;
    let adminAId: string;
    let assistantAId: string;

    const db = () => t.context.database.db;
    const userRow = async (id: string) =>
      (await db().select().from(customerUsers).where(eq(customerUsers.id, id)))[0]!;
    const orgRow = async (id: string) =>
      (await db().select().from(organisations).where(eq(organisations.id, id)))[0]!;
    const storedFiles = () => (existsSync(picturesDir(t.dataDir)) ? readdirSync(picturesDir(t.dataDir)) : []);

    beforeAll(async () => {
      t = await startTestApp(backend);
      orgA = await createOrganisation(t, { name: "Practice A", initialized: true });
      orgB = await createOrganisation(t, { name: "Practice B", initialized: true });
      const admin = await createCustomer(t, orgA.id, { isStaff: true, username: "Alice Admin" });
      const assistant = await createCustomer(t, orgA.id, { isStaff: false, username: "Bob Assistant" });
      const other = await createCustomer(t, orgB.id, { isStaff: true, username: "Carol" });
      adminAId = admin.id;
      assistantAId = assistant.id;
      adminA = await signInFromOwnAddress(t, admin.email);
      assistantA = await signInFromOwnAddress(t, assistant.email);
      adminB = await signInFromOwnAddress(t, other.email);
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      agent = await signInStaff(t, (await createStaff(t, "agent")).username);
    }, 60_000);
    afterAll(() => t.close());

    test("a user renames itself (assistants too); the session detail reads the new name", async () => {
      const answer = await assistantA.post(
        UPDATE,
        pictureForm(undefined, undefined, userData({ username: " Bob B " })),
      );
      expect(answer.status).toBe(200);
      expect(answer.json.user).toMatchObject({
        id: assistantAId,
        username: "Bob B",
        blocked: false,
        picture: null,
      });
      expect((await userRow(assistantAId)).username).toBe("Bob B");
      const detail = await assistantA.get("/api/management/customer/detail/");
      expect(detail.json.profile.username).toBe("Bob B");
    });

    test("name rules: required, at most 150 characters, known fields only; nothing is written", async () => {
      const cases: [unknown, string, string][] = [
        [{ username: "   " }, "user_data.username", "Please fill out this field"],
        [{ username: "x".repeat(151) }, "user_data.username", "must be at most 150 characters"],
        [{ username: "Eve", email: "eve@example.com" }, "user_data.email", "is not a field of this form"],
      ];
      for (const [value, field, message] of cases) {
        const answer = await adminA.post(UPDATE, pictureForm(undefined, undefined, userData(value)));
        expect(answer.status).toBe(400);
        expect(answer.json.errors).toContainEqual({ field, message });
      }
      const notJson = await adminA.post(
        UPDATE,
        pictureForm(undefined, undefined, { user_data: "{username" }),
      );
      expect(notJson.status).toBe(400);
      expect(notJson.json.errors[0].field).toBe("user_data");
      const nothing = await adminA.post(UPDATE, pictureForm(undefined, undefined, {}));
      expect(nothing.status).toBe(400);
      expect(nothing.json.errors).toEqual([{ field: "picture", message: "No file selected." }]);
      const json = await adminA.post(UPDATE, { user_data: { username: "Json" } });
      expect(json.status).toBe(415);
      expect((await userRow(adminAId)).username).toBe("Alice Admin");
    });

    test("a PNG picture is re-encoded to WebP without its metadata, served as image/webp with nosniff", async () => {
      const answer = await adminA.post(
        UPDATE,
        pictureForm("picture", await png(), userData({ username: "Alice A" })),
      );
      expect(answer.status).toBe(200);
      const url: string = answer.json.user.picture;
      expect(url).toMatch(/^\/api\/pictures\/[0-9a-f-]{36}\.webp$/);
      expect(answer.json.user.username).toBe("Alice A");
      expect((await userRow(adminAId)).picture).toBe(url);
      const served = await adminA.get(url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      const bytes = Buffer.from(served.text, "latin1");
      expect(served.text.slice(0, 4)).toBe("RIFF");
      expect(served.text.slice(8, 12)).toBe("WEBP");
      expect(bytes.includes(SECRET_MARK)).toBe(false);
    });

    test("a JPEG is accepted; the replaced picture's file is removed", async () => {
      const before = (await userRow(adminAId)).picture!;
      const answer = await adminA.post(
        UPDATE,
        pictureForm("picture", { bytes: await jpeg(), name: "photo.jpg", type: "image/jpeg" }),
      );
      expect(answer.status).toBe(200);
      expect(answer.json.user.picture).not.toBe(before);
      expect(answer.json.user.username).toBe("Alice A");
      expect(storedFiles()).not.toContain(before.split("/").pop());
      expect((await adminA.get(before)).status).toBe(404);
    });

    test("refused by their bytes: SVG, HTML named .png, a forged GIF header; nothing is written", async () => {
      const before = await userRow(adminAId);
      const files = storedFiles();
      const samples = [
        { bytes: svg, name: "logo.svg", type: "image/svg+xml" },
        { bytes: svg, name: "logo.png", type: "image/png" },
        { bytes: html, name: "cat.png", type: "image/png" },
        { bytes: forgedGif, name: "anim.gif", type: "image/gif" },
      ];
      for (const sample of samples) {
        const answer = await adminA.post(
          UPDATE,
          pictureForm("picture", sample, userData({ username: "Mallory" })),
        );
        expect(answer.status).toBe(400);
        expect(answer.json).toMatchObject({
          detail: `picture: ${INVALID}`,
          errors: [{ field: "picture", message: INVALID }],
        });
      }
      const after = await userRow(adminAId);
      expect(after.picture).toBe(before.picture);
      expect(after.username).toBe(before.username);
      expect(storedFiles()).toEqual(files);
    });

    test("a polyglot (a PNG with a script after it) keeps the image only", async () => {
      const answer = await adminA.post(
        UPDATE,
        pictureForm("picture", { bytes: await pngPolyglot(), name: "x.png", type: "image/png" }),
      );
      expect(answer.status).toBe(200);
      const served = await adminA.get(answer.json.user.picture);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.text).not.toContain("<script>");
    });

    test("size: exactly 2 MB is accepted, 2 MB + 1 byte is refused as too large", async () => {
      const max = await adminA.post(
        UPDATE,
        pictureForm("picture", { bytes: await exactlyMaxPng(), name: "big.png", type: "image/png" }),
      );
      expect(max.status).toBe(200);
      const before = await userRow(adminAId);
      const over = await adminA.post(
        UPDATE,
        pictureForm("picture", { bytes: await oneByteTooLargePng(), name: "big.png", type: "image/png" }),
      );
      expect(over.status).toBe(413);
      expect(over.json.errors).toEqual([{ field: "picture", message: TOO_LARGE }]);
      expect((await userRow(adminAId)).picture).toBe(before.picture);
    });

    test("a user blocked meanwhile (session still cached) is refused with user.blocked; nothing is written", async () => {
      const victim = await createCustomer(t, orgA.id, { isStaff: false, username: "Dave" });
      const dave = await signInFromOwnAddress(t, victim.email);
      expect((await dave.get("/api/management/customer/detail/")).status).toBe(200);
      // Blocked behind the session cache's back (no invalidation): the call itself must notice.
      await db().update(customerUsers).set({ blocked: true }).where(eq(customerUsers.id, victim.id));
      const answer = await dave.post(
        UPDATE,
        pictureForm("picture", await png(), userData({ username: "Dave 2" })),
      );
      expect(answer.status).toBe(403);
      expect(answer.json.user).toEqual({ blocked: true });
      const row = await userRow(victim.id);
      expect(row.username).toBe("Dave");
      expect(row.picture).toBeNull();
      await db().delete(customerUsers).where(eq(customerUsers.id, victim.id));
    });

    test("staff do not use the customers' call; dummy mode is read-only", async () => {
      const staff = await siteAdmin.post(
        UPDATE,
        pictureForm(undefined, undefined, userData({ username: "X" })),
      );
      // A staff session is not a customer's (the role table's `customer`): 403 staff_session, as for every customer call.
      expect(staff.status).toBe(403);
      const dummy = await siteAdmin.post(UPDATE, pictureForm("picture", await png()), {
        "x-dummy-org": orgA.id,
      });
      expect(dummy.status).toBe(403);
      const anonymous = await t.client().prime();
      expect(
        (await anonymous.post(UPDATE, pictureForm(undefined, undefined, userData({ username: "X" })))).status,
      ).toBe(401);
    });

    test("the logo: the organisation's admin changes it and reads it; assistants and agents cannot", async () => {
      const answer = await adminA.post(LOGO, pictureForm("image", await png(), { organization: orgA.id }));
      expect(answer.status).toBe(200);
      expect(answer.json.logo).toMatch(/^\/api\/pictures\/[0-9a-f-]{36}\.webp$/);
      expect((await orgRow(orgA.id)).logo).toBe(answer.json.logo);
      const detail = await assistantA.get("/api/management/customer/detail/");
      expect(detail.json.organization.logo).toBe(answer.json.logo);
      expect((await assistantA.get(answer.json.logo)).status).toBe(200);

      const byAssistant = await assistantA.post(
        LOGO,
        pictureForm("image", await png(), { organization: orgA.id }),
      );
      expect(byAssistant.status).toBe(403);
      const byAgent = await agent.post(LOGO, pictureForm("image", await png(), { organization: orgA.id }));
      expect(byAgent.status).toBe(403);
      expect((await orgRow(orgA.id)).logo).toBe(answer.json.logo);
    });

    test("the logo: staff site admins change any organisation's, naming it; the rules hold", async () => {
      const unnamed = await siteAdmin.post(LOGO, pictureForm("image", await png()));
      expect(unnamed.status).toBe(403);
      const byStaff = await siteAdmin.post(
        LOGO,
        pictureForm("image", await png(), { organization: orgB.id }),
      );
      expect(byStaff.status).toBe(200);
      expect((await orgRow(orgB.id)).logo).toBe(byStaff.json.logo);
      const before = (await orgRow(orgB.id)).logo;
      const none = await adminB.post(LOGO, pictureForm(undefined, undefined, { organization: orgB.id }));
      expect(none.json.errors).toEqual([{ field: "image", message: "No file selected." }]);
      const svgLogo = await adminB.post(
        LOGO,
        pictureForm("image", { bytes: svg, name: "l.png", type: "image/png" }),
      );
      expect(svgLogo.status).toBe(400);
      expect(svgLogo.json.errors).toEqual([{ field: "image", message: INVALID }]);
      const wrongField = await adminB.post(LOGO, pictureForm("picture", await png()));
      expect(wrongField.status).toBe(400);
      const badId = await siteAdmin.post(LOGO, pictureForm("image", await png(), { organization: "nope" }));
      expect(badId.json.errors[0].field).toBe("organization");
      expect((await orgRow(orgB.id)).logo).toBe(before);
    });

    test("tenancy: a customer neither changes nor reads another organisation's logo or pictures", async () => {
      const logoB = (await orgRow(orgB.id)).logo!;
      const attempt = await adminA.post(LOGO, pictureForm("image", await png(), { organization: orgB.id }));
      expect(attempt.status).toBe(403);
      expect((await orgRow(orgB.id)).logo).toBe(logoB);
      expect((await adminA.get(logoB)).status).toBe(404);
      const pictureA = (await userRow(adminAId)).picture!;
      expect((await adminB.get(pictureA)).status).toBe(404);
      expect((await siteAdmin.get(pictureA)).status).toBe(200);
      expect((await (await t.client().prime()).get(pictureA)).status).toBe(401);
      expect((await adminA.get("/api/pictures/..%2F..%2Fdata.db")).status).toBe(404);
    });

    test("DELETE customer/detail/ answers the removed user", async () => {
      const extra = await createCustomer(t, orgA.id, { isStaff: false, username: "Temp" });
      const answer = await adminA.delete("/api/management/customer/detail/", { user_id: extra.id });
      expect(answer.status).toBe(200);
      expect(answer.json.user).toMatchObject({ id: extra.id, username: "Temp", email: extra.email });
      expect(answer.json.users).toBeUndefined();
    });
  });
}
