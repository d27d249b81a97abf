import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { backends } from "../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInStaff,
} from "../../tests/helpers/factories.ts";
import type { HttpClient } from "../../tests/helpers/httpClient.ts";
import { eventually, listenToChannel } from "../../tests/helpers/liveListener.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { type customerUsers, notifications, type staffAccounts } from "../db/schema/index.ts";
import { badNpi, professionalLine, toCsv } from "../ingest/testing/builders.ts";
import { signInFromOwnAddress, yearAt } from "../routes/admin/testSupport.ts";

type User = typeof customerUsers.$inferSelect;

const PRACTICE_FILE = "/api/management/customer/file/";

function practiceFile(year: string, lines: ReturnType<typeof professionalLine>[]) {
  const form = new FormData();
  form.append("files", new File([toCsv(lines)], "professional_fees.csv", { type: "text/csv" }));
  form.append("years", year);
  return form;
}

/**
 * The `notification` messages of issue 11: what each user hears about, stored for the bell (kept
 * until deleted) and pushed on their live channel; another organisation's users hear nothing.
 */
for (const backend of backends) {
  describe(`notifications of what happened (${backend})`, () => {
    let t: TestApp;
    let siteAdmin: HttpClient;
    let siteAdminRow: typeof staffAccounts.$inferSelect;
    let org: { id: string };
    let other: { id: string };
    let admin: User;
    let assistant: User;
    let blockedUser: User;
    let outsider: User;
    let adminClient: HttpClient;
    let assistantClient: HttpClient;

    const messagesOf = async (user: { id: string }) =>
      (
        await t.context.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.customerUserId, user.id), eq(notifications.type, "notification")))
      ).map((row) => row.message);

    /** Runs `act` while listening on every user's channel; answers what each channel heard. */
    async function heard(act: () => Promise<void>, expectAtLeast: User[]) {
      const users = [admin, assistant, blockedUser, outsider];
      const channels = users.map((user) => listenToChannel(t, user.channelId));
      await act();
      await eventually(() =>
        expectAtLeast.every((user) => channels[users.indexOf(user)]!.notifications().length > 0),
      );
      await Bun.sleep(150);
      for (const channel of channels) channel.stop();
      return new Map(users.map((user, index) => [user.id, channels[index]!.notifications()]));
    }

    beforeAll(async () => {
      t = await startTestApp(backend);
      siteAdminRow = await createStaff(t, "site_admin");
      siteAdmin = await signInStaff(t, siteAdminRow.username);
      org = await createOrganisation(t, {
        name: "Notified Ortho",
        initialized: true,
        agreementAccepted: true,
      });
      other = await createOrganisation(t, { name: "Quiet Spine", initialized: true });
      admin = await createCustomer(t, org.id, { isStaff: true, username: "Ada" });
      assistant = await createCustomer(t, org.id, { isStaff: false, username: "Abe" });
      blockedUser = await createCustomer(t, org.id, { isStaff: true, blocked: true });
      outsider = await createCustomer(t, other.id, { isStaff: true });
      adminClient = await signInFromOwnAddress(t, admin.email);
      assistantClient = await signInFromOwnAddress(t, assistant.email);
    }, 60_000);
    afterAll(() => t.close());

    test("the questionnaire allowed: every user of the organisation, no one else", async () => {
      await yearAt(t, org.id, 2024, { questionnaire: null, scoring: false });
      const expected =
        "The 2024 questionnaire is open: your organisation's admin fills it in from the practice profile.";
      const channels = await heard(async () => {
        const answer = await siteAdmin.post("/api/management/schemes/questionnaire/allow/", {
          organization_id: org.id,
          year: 2024,
        });
        expect(answer.status).toBe(200);
      }, [admin, assistant]);
      for (const user of [admin, assistant]) {
        expect(await messagesOf(user)).toContain(expected);
        expect(channels.get(user.id)).toEqual([
          expect.objectContaining({ type: "notification", message: expected, org: org.id, status: "info" }),
        ]);
      }
      for (const user of [blockedUser, outsider]) {
        expect(await messagesOf(user)).toEqual([]);
        expect(channels.get(user.id)).toEqual([]);
      }
    });

    test("a year enabled: every user of the organisation once; enabling it again tells nobody", async () => {
      await yearAt(t, org.id, 2023);
      const enable = async () => {
        const answer = await siteAdmin.post("/api/management/admin/valid/", {
          organization_uuid: org.id,
          year: 2023,
        });
        expect(answer.status).toBe(200);
      };
      const expected = "Your 2023 analyses are ready to read.";
      const channels = await heard(enable, [admin, assistant]);
      for (const user of [admin, assistant]) {
        expect((await messagesOf(user)).filter((message) => message === expected)).toHaveLength(1);
        expect(channels.get(user.id)).toEqual([
          expect.objectContaining({ message: expected, org: org.id, status: "success" }),
        ]);
      }
      expect(channels.get(outsider.id)).toEqual([]);
      expect(await messagesOf(outsider)).toEqual([]);

      await enable();
      expect((await messagesOf(admin)).filter((message) => message === expected)).toHaveLength(1);
    });

    test("a practice file accepted: the uploader (here a site admin) and the organisation's admins", async () => {
      // Uploaded by a site admin for the organisation: the staff uploader and the customer admins hear.
      const staffChannel = listenToChannel(t, siteAdminRow.channelId);
      const expected = "The data file for 2022 is accepted (2 lines).";
      const form = practiceFile("2022", [
        professionalLine({ service_date: "2022-03-01" }),
        professionalLine({ line: 2, service_date: "2022-03-02" }),
      ]);
      form.append("organization", org.id);
      const channels = await heard(async () => {
        expect((await siteAdmin.post(PRACTICE_FILE, form)).status).toBe(200);
      }, [admin]);
      await eventually(() => staffChannel.notifications().length > 0);
      staffChannel.stop();
      expect(await messagesOf(admin)).toContain(expected);
      expect(channels.get(admin.id)).toEqual([
        expect.objectContaining({ message: expected, status: "success" }),
      ]);
      // An assistant who did not upload is not an admin: nothing for them.
      expect(await messagesOf(assistant)).not.toContain(expected);
      expect(channels.get(assistant.id)).toEqual([]);
      expect(channels.get(outsider.id)).toEqual([]);
      expect(staffChannel.notifications()).toEqual([expect.objectContaining({ message: expected })]);
      const [stored] = await t.context.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.staffAccountId, siteAdminRow.id));
      expect(stored?.message).toBe(expected);
    });

    test("a practice file refused: the customer admin who sent it hears why, once", async () => {
      const expected = "The data file for 2021 is refused: 1 error; the upload lists them.";
      const channels = await heard(async () => {
        const answer = await adminClient.post(
          PRACTICE_FILE,
          practiceFile("2021", [professionalLine({ npi: badNpi })]),
        );
        expect(answer.status).toBe(400);
      }, [admin]);
      expect((await messagesOf(admin)).filter((message) => message === expected)).toHaveLength(1);
      expect(channels.get(admin.id)).toEqual([
        expect.objectContaining({ message: expected, status: "error" }),
      ]);
      expect(channels.get(assistant.id)).toEqual([]);
      expect(channels.get(outsider.id)).toEqual([]);
      expect(await messagesOf(outsider)).toEqual([]);
    });

    test("the bell lists stored notifications after a reload, and DELETE removes one", async () => {
      const detail = (await assistantClient.get("/api/management/customer/detail/")).json;
      const items: { id: string; message: string; type: string }[] = detail.profile.notifications;
      expect(items.map((item) => item.message)).toEqual(
        expect.arrayContaining([
          "Your 2023 analyses are ready to read.",
          "The 2024 questionnaire is open: your organisation's admin fills it in from the practice profile.",
        ]),
      );
      const first = items[0]!;
      // Another user cannot delete it; its owner can.
      expect(
        (await adminClient.delete("/api/management/customer/notification/", { id: first.id })).status,
      ).toBe(404);
      const removed = await assistantClient.delete("/api/management/customer/notification/", {
        id: first.id,
      });
      expect(removed.status).toBe(200);
      const after = (await assistantClient.get("/api/management/customer/detail/")).json.profile
        .notifications;
      expect(after.map((item: { id: string }) => item.id)).not.toContain(first.id);
      expect(after).toHaveLength(items.length - 1);
    });
  });
}
