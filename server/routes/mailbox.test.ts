import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { backends } from "../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInStaff,
} from "../../tests/helpers/factories.ts";
import type { HttpClient } from "../../tests/helpers/httpClient.ts";
import { eventually, listenToChannel } from "../../tests/helpers/liveListener.ts";
import { startSmtpTestServer } from "../../tests/helpers/smtpTestServer.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { type customerUsers, mailLog, notifications } from "../db/schema/index.ts";

const GET = "/api/services/email/get/";
const GET_USER = "/api/services/email/get-user/";
const SEND = "/api/services/email/send/custom/";
const SENDERS =
  "Vitality <contact@vitality.test>; Support, Vitality <support@vitality.test>; Data <data@vitality.test>; Success <success@vitality.test>";
const REFUSED_ADDRESS = "bounce@alder.test";

type User = typeof customerUsers.$inferSelect;

/** The staff mailbox's calls, with mail going through a real SMTP server this file starts. */
for (const backend of backends) {
  describe(`mailbox: /api/services/email/ (${backend})`, () => {
    let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
    let t: TestApp;
    let siteAdmin: HttpClient;
    let staffId: string;
    let agent: HttpClient;
    let customer: HttpClient;
    let alder: { id: string };
    let birch: { id: string };
    let ann: User;
    let bob: User;
    let blocked: User;
    let bounce: User;
    let carl: User;

    const mailRows = () => t.context.database.db.select().from(mailLog).where(eq(mailLog.kind, "mailbox"));
    const notificationsOf = (user: User) =>
      t.context.database.db.select().from(notifications).where(eq(notifications.customerUserId, user.id));
    const valid = () => ({
      email_from: "Support, Vitality <support@vitality.test>",
      user_ids: [ann.id, bob.id],
      subject: "Your 2024 review",
      message: "Hello,\nyour 2024 data is reviewed.\nThe Vitality team",
    });

    beforeAll(async () => {
      smtp = await startSmtpTestServer({ refuse: [REFUSED_ADDRESS] });
      t = await startTestApp(backend, { SMTP_URL: smtp.url, MAILBOX_SENDERS: SENDERS });
      const staff = await createStaff(t, "site_admin");
      staffId = staff.id;
      siteAdmin = await signInStaff(t, staff.username);
      agent = await signInStaff(t, (await createStaff(t, "agent")).username);
      alder = await createOrganisation(t, { name: "Alder Ortho", initialized: true });
      birch = await createOrganisation(t, { name: "Birch Spine", initialized: true });
      ann = await createCustomer(t, alder.id, { email: "ann@alder.test", username: "Ann" });
      bob = await createCustomer(t, alder.id, { email: "bob@alder.test", username: "Bob", isStaff: false });
      blocked = await createCustomer(t, alder.id, { email: "zed@alder.test", blocked: true });
      bounce = await createCustomer(t, alder.id, { email: REFUSED_ADDRESS, isStaff: false });
      carl = await createCustomer(t, birch.id, { email: "carl@birch.test", username: "Carl" });
      // Signing in mails the link through the same SMTP server: read it there, as the user would.
      customer = await t.client().prime();
      expect((await customer.post("/api/services/auth/signin/", { email: ann.email })).status).toBe(200);
      const link = smtp.received.at(-1)?.parsed.text?.match(/\/validate_token\/([A-Za-z0-9_-]{43})/);
      expect((await customer.get(`/api/services/auth/signin/${link?.[1]}`)).status).toBe(200);
    }, 60_000);
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    test("GET get/ lists every organisation's mail-able users by organisation, and the four senders", async () => {
      const answer = await siteAdmin.get(GET);
      expect(answer.status).toBe(200);
      expect(answer.json.org_users).toEqual([
        {
          id: alder.id,
          name: "Alder Ortho",
          users: [
            { id: ann.id, email: "ann@alder.test", username: "Ann" },
            { id: bob.id, email: "bob@alder.test", username: "Bob" },
            { id: bounce.id, email: REFUSED_ADDRESS, username: "Test User" },
          ],
        },
        {
          id: birch.id,
          name: "Birch Spine",
          users: [{ id: carl.id, email: "carl@birch.test", username: "Carl" }],
        },
      ]);
      expect(JSON.stringify(answer.json)).not.toContain(blocked.email);
      expect(answer.json.senders.map((sender: { value: string }) => sender.value)).toEqual([
        "Vitality <contact@vitality.test>",
        "Support, Vitality <support@vitality.test>",
        "Data <data@vitality.test>",
        "Success <success@vitality.test>",
      ]);
    });

    test("GET get/{mailbox}/ answers one organisation's users; a bad or unknown id is refused", async () => {
      const answer = await siteAdmin.get(`${GET}${birch.id}/`);
      expect(answer.status).toBe(200);
      expect(answer.json.org_users).toEqual([
        {
          id: birch.id,
          name: "Birch Spine",
          users: [{ id: carl.id, email: "carl@birch.test", username: "Carl" }],
        },
      ]);
      const malformed = await siteAdmin.get(`${GET}inbox/`);
      expect(malformed.status).toBe(400);
      expect(malformed.json.errors[0].field).toBe("mailbox");
      expect((await siteAdmin.get(`${GET}${crypto.randomUUID()}/`)).status).toBe(404);
    });

    test("POST get-user/ answers the users of the given organisations only", async () => {
      const answer = await siteAdmin.post(GET_USER, { organization_ids: [alder.id] });
      expect(answer.status).toBe(200);
      expect(answer.json.org_users.map((group: { id: string }) => group.id)).toEqual([alder.id]);
      expect(answer.json.org_users[0].users.map((user: { email: string }) => user.email)).toEqual([
        "ann@alder.test",
        "bob@alder.test",
        REFUSED_ADDRESS,
      ]);
      const empty = await siteAdmin.post(GET_USER, { organization_ids: [] });
      expect(empty.status).toBe(400);
      expect(empty.json.errors[0]).toEqual({
        field: "organization_ids",
        message: "Choose at least one organisation",
      });
      const malformed = await siteAdmin.post(GET_USER, { organization_ids: ["x"] });
      expect(malformed.json.errors[0].field).toBe("organization_ids.0");
    });

    const refusals: [string, Record<string, unknown>, string, string][] = [
      ["no sender", { email_from: " " }, "email_from", "Please fill out this field"],
      [
        "a sender not among the four",
        { email_from: "ceo@elsewhere.test" },
        "email_from",
        "Choose one of the mailbox's senders",
      ],
      ["no recipient", { user_ids: [] }, "user_ids", "Choose at least one recipient"],
      ["an empty subject", { subject: "   " }, "subject", "Please fill out this field"],
      ["a two-line subject", { subject: "Hi\nBcc: x@y.test" }, "subject", "must be one line"],
      ["an empty message", { message: "" }, "message", "Please fill out this field"],
    ];
    for (const [what, change, field, message] of refusals) {
      test(`send with ${what} is refused on ${field}; nothing is sent`, async () => {
        const mailsBefore = smtp.received.length;
        const answer = await siteAdmin.post(SEND, { ...valid(), ...change });
        expect(answer.status).toBe(400);
        expect(answer.json.errors).toContainEqual({ field, message });
        expect(smtp.received.length).toBe(mailsBefore);
        expect(await mailRows()).toEqual([]);
      });
    }

    test("send to an unknown or a blocked user is refused; nothing is sent", async () => {
      for (const ids of [[ann.id, crypto.randomUUID()], [blocked.id]]) {
        const answer = await siteAdmin.post(SEND, { ...valid(), user_ids: ids });
        expect(answer.status).toBe(400);
        expect(answer.json.errors[0].field).toBe("user_ids");
      }
      expect(await mailRows()).toEqual([]);
    });

    test("agents and customers are refused every mailbox call; nothing is sent", async () => {
      const mailsBefore = smtp.received.length;
      for (const [client, status] of [
        [agent, 403],
        [customer, 401],
      ] as const) {
        expect((await client.get(GET)).status).toBe(status);
        expect((await client.get(`${GET}${alder.id}/`)).status).toBe(status);
        expect((await client.post(GET_USER, { organization_ids: [alder.id] })).status).toBe(status);
        expect((await client.post(SEND, valid())).status).toBe(status);
      }
      expect(smtp.received.length).toBe(mailsBefore);
      expect(await mailRows()).toEqual([]);
    });

    test("send writes one mail per recipient through SMTP, logs each, and rings each recipient's bell", async () => {
      const annChannel = listenToChannel(t, ann.channelId);
      const carlChannel = listenToChannel(t, carl.channelId);
      const mailsBefore = smtp.received.length;
      const answer = await siteAdmin.post(SEND, valid());
      expect(answer.status).toBe(200);
      expect(answer.json.message).toBe("Your e-mail was sent to 2 recipients.");

      const mails = smtp.received.slice(mailsBefore);
      expect(mails.map((mail) => mail.envelope.to)).toEqual([["ann@alder.test"], ["bob@alder.test"]]);
      for (const mail of mails) {
        expect(mail.envelope.from).toBe("support@vitality.test");
        expect(mail.parsed.from?.value).toEqual([
          { name: "Support, Vitality", address: "support@vitality.test" },
        ]);
        expect(mail.parsed.subject).toBe("Your 2024 review");
        expect(mail.parsed.text?.trim()).toBe("Hello,\nyour 2024 data is reviewed.\nThe Vitality team");
        // One recipient per mail: nobody sees the other addresses.
        expect(mail.parsed.to && "value" in mail.parsed.to ? mail.parsed.to.value.length : 0).toBe(1);
      }

      const logged = await mailRows();
      expect(logged.map((row) => row.customerUserId).sort()).toEqual([ann.id, bob.id].sort());
      for (const row of logged) {
        expect(row).toMatchObject({
          sender: "Support, Vitality <support@vitality.test>",
          subject: "Your 2024 review",
          transport: "smtp",
          sentByStaffId: staffId,
          error: null,
        });
        expect(row.reference).toBeTruthy();
      }

      const expected = "New e-mail from Support, Vitality: Your 2024 review";
      for (const user of [ann, bob]) {
        expect((await notificationsOf(user)).map((row) => row.message)).toContain(expected);
      }
      expect(await eventually(() => annChannel.notifications().length === 1)).toBe(true);
      expect(annChannel.notifications()[0]).toMatchObject({
        message: expected,
        org: alder.id,
        action: "upsert",
      });
      // Another organisation's user hears nothing and has nothing stored.
      await Bun.sleep(200);
      expect(carlChannel.received).toEqual([]);
      expect(await notificationsOf(carl)).toEqual([]);
      annChannel.stop();
      carlChannel.stop();

      // The stored notification shows in the recipient's session detail (the bell after a reload).
      const detail = (await customer.get("/api/management/customer/detail/")).json;
      expect(detail.profile.notifications.map((item: { message: string }) => item.message)).toContain(
        expected,
      );
    });

    test("an address the SMTP server refuses: the others get the mail, the answer names the failure", async () => {
      const mailsBefore = smtp.received.length;
      const logBefore = (await mailRows()).length;
      const answer = await siteAdmin.post(SEND, {
        ...valid(),
        user_ids: [bounce.id, carl.id],
        subject: "Partial",
      });
      expect(answer.status).toBe(502);
      expect(answer.json.detail).toBe(
        `The e-mail could not be sent to ${REFUSED_ADDRESS}; it was sent to the 1 other recipient. Please try again later.`,
      );
      expect(smtp.received.slice(mailsBefore).map((mail) => mail.envelope.to)).toEqual([["carl@birch.test"]]);
      const rows = (await mailRows()).slice(logBefore);
      const failed = rows.find((row) => row.customerUserId === bounce.id);
      expect(failed?.error).toContain("550");
      expect(rows.find((row) => row.customerUserId === carl.id)?.error).toBeNull();
      // No bell for the mail that did not go.
      expect((await notificationsOf(bounce)).map((row) => row.message)).not.toContain(
        "New e-mail from Support, Vitality: Partial",
      );
      expect((await notificationsOf(carl)).map((row) => row.message)).toContain(
        "New e-mail from Support, Vitality: Partial",
      );
    });
  });
}

describe("mailbox without SMTP_URL: the dev outbox", () => {
  let t: TestApp;
  let siteAdmin: HttpClient;
  let user: User;
  beforeAll(async () => {
    t = await startTestApp("pglite");
    siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
    const org = await createOrganisation(t, { name: "Outbox Ortho" });
    user = await createCustomer(t, org.id, { email: "olga@outbox.test" });
  }, 60_000);
  afterAll(() => t.close());

  test("the default senders are offered and a mail is written as .eml to $DATA_DIR/outbox", async () => {
    const senders = (await siteAdmin.get(GET)).json.senders;
    expect(senders).toHaveLength(4);
    expect(senders[0].value).toBe("Vitality <contact@vitality.local>");
    const answer = await siteAdmin.post(SEND, {
      email_from: senders[1].value,
      user_ids: [user.id],
      subject: "Outbox check",
      message: "Written to a file.",
    });
    expect(answer.status).toBe(200);
    const outbox = join(t.dataDir, "outbox");
    const files = readdirSync(outbox).filter((name) => name.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(readFileSync(join(outbox, files[0]!)));
    expect(mail.subject).toBe("Outbox check");
    expect(mail.from?.value[0]?.address).toBe("support@vitality.local");
    expect(mail.text?.trim()).toBe("Written to a file.");
    const [row] = await t.context.database.db.select().from(mailLog);
    expect(row).toMatchObject({ transport: "outbox", reference: files[0], customerUserId: user.id });
  });
});
