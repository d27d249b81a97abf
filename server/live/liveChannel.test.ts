import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { backends } from "../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInCustomer,
  signInStaff,
} from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { SESSION_MAX_AGE } from "../auth/sessions.ts";
import { cacheFigures } from "../caches/registry.ts";
import { type customerUsers, sessions } from "../db/schema/index.ts";
import { SESSION_ENDED_CLOSE } from "./closeCodes.ts";
import { MAX_SOCKETS_PER_CHANNEL } from "./hub.ts";
import { pushToRecipient } from "./notifications.ts";

const ORIGIN = "http://localhost:3000";

/** Opens the channel as a browser would; resolves once open, rejects when the handshake is refused. */
function connect(base: string, channel: string, headers: Record<string, string>) {
  const url = `${base.replace(/^http/, "ws")}/ws/channel/${channel}/`;
  const socket = new WebSocket(url, { headers } as never);
  const received: unknown[] = [];
  const closed: { code?: number } = {};
  socket.addEventListener("message", (event) => received.push(JSON.parse(String(event.data))));
  socket.addEventListener("close", (event) => {
    closed.code = event.code;
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve());
    socket.addEventListener("error", () => reject(new Error("refused")));
    socket.addEventListener("close", () => reject(new Error("closed")));
  });
  return { socket, received, opened, closed };
}

async function until(predicate: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!predicate() && Date.now() < deadline) await Bun.sleep(20);
  return predicate();
}

for (const backend of backends) {
  describe(`live channel (${backend})`, () => {
    let t: TestApp;
    let base: string;
    let user: typeof customerUsers.$inferSelect;
    let cookie: string;
    beforeAll(async () => {
      t = await startTestApp(backend);
      base = t.listen();
      const org = await createOrganisation(t);
      user = await createCustomer(t, org.id);
      const browser = await signInCustomer(t, user.email);
      cookie = `token=${browser.cookies.get("token")}`;
    });
    afterAll(() => t.close());

    test("a signed-in user receives task progress on its own channel", async () => {
      const client = connect(base, user.channelId, { Origin: ORIGIN, Cookie: cookie });
      await client.opened;
      await until(() => t.context.live.connections(user.channelId) > 0);
      const recipient = { customerUserId: user.id };
      const task = await pushToRecipient(t.context, recipient, {
        type: "task",
        message: "Validating providers",
        progress: 40,
        status: "running",
      });
      await pushToRecipient(t.context, recipient, {
        id: task!.id,
        type: "task",
        message: "Validating providers",
        progress: 100,
        status: "success",
      });
      expect(await until(() => client.received.length === 2)).toBe(true);
      expect(client.received[0]).toMatchObject({
        type: "task",
        id: task!.id,
        progress: 40,
        status: "running",
        action: "upsert",
      });
      expect(client.received[1]).toMatchObject({
        type: "task",
        id: task!.id,
        progress: 100,
        status: "success",
      });
      client.socket.close();
    });

    test("a channel holds at most MAX_SOCKETS_PER_CHANNEL sockets: the next is refused, a closed one frees a place", async () => {
      // The first test's socket is closed by now.
      expect(await until(() => t.context.live.connections(user.channelId) === 0)).toBe(true);
      const before = t.context.live.openSockets;
      const clients = Array.from({ length: MAX_SOCKETS_PER_CHANNEL }, () =>
        connect(base, user.channelId, { Origin: ORIGIN, Cookie: cookie }),
      );
      await Promise.all(clients.map((client) => client.opened));
      expect(await until(() => t.context.live.connections(user.channelId) === MAX_SOCKETS_PER_CHANNEL)).toBe(
        true,
      );
      const refused = connect(base, user.channelId, { Origin: ORIGIN, Cookie: cookie });
      await expect(refused.opened).rejects.toThrow();
      expect(t.context.live.connections(user.channelId)).toBe(MAX_SOCKETS_PER_CHANNEL);
      expect(cacheFigures().find((cache) => cache.name === "liveSockets")?.size).toBe(
        before + MAX_SOCKETS_PER_CHANNEL,
      );
      clients[0]!.socket.close();
      expect(await until(() => t.context.live.connections(user.channelId) < MAX_SOCKETS_PER_CHANNEL)).toBe(
        true,
      );
      const again = connect(base, user.channelId, { Origin: ORIGIN, Cookie: cookie });
      await again.opened;
      for (const client of [...clients.slice(1), again]) client.socket.close();
      expect(await until(() => t.context.live.connections(user.channelId) === 0)).toBe(true);
    });

    test("another user's channel is refused at the handshake", async () => {
      const other = await createCustomer(t, (await createOrganisation(t)).id);
      const client = connect(base, other.channelId, { Origin: ORIGIN, Cookie: cookie });
      await expect(client.opened).rejects.toThrow();
      expect(t.context.live.connections(other.channelId)).toBe(0);
    });

    test("a foreign Origin is refused even with a valid session", async () => {
      const client = connect(base, user.channelId, { Origin: "https://evil.example", Cookie: cookie });
      await expect(client.opened).rejects.toThrow();
    });

    /** A user of its own with an open socket, and the browser it signed in with. */
    async function openSocketOfNewUser(app = t) {
      const someone = await createCustomer(t, (await createOrganisation(t)).id);
      const browser = await signInCustomer(t, someone.email);
      const client = connect(app.listen(), someone.channelId, {
        Origin: ORIGIN,
        Cookie: `token=${browser.cookies.get("token")}`,
      });
      await client.opened;
      expect(await until(() => app.context.live.connections(someone.channelId) === 1)).toBe(true);
      return { someone, browser, client };
    }

    test("logging out closes the session's open socket; nothing reaches it after", async () => {
      const { someone, browser, client } = await openSocketOfNewUser();
      expect((await browser.post("/api/admin/logout/")).status).toBe(200);
      expect(await until(() => client.closed.code !== undefined)).toBe(true);
      expect(client.closed.code).toBe(SESSION_ENDED_CLOSE.code);
      expect(t.context.live.connections(someone.channelId)).toBe(0);
      await pushToRecipient(
        t.context,
        { customerUserId: someone.id },
        { type: "notification", message: "After logout" },
      );
      await Bun.sleep(200);
      expect(client.received).toEqual([]);
    });

    test("blocking a user closes its open sockets; another user's socket stays open", async () => {
      const blocked = await openSocketOfNewUser();
      const bystander = connect(base, user.channelId, { Origin: ORIGIN, Cookie: cookie });
      await bystander.opened;
      const staff = await signInStaff(t, (await createStaff(t)).username);
      const answer = await staff.patch("/api/management/customer/detail/", {
        user_data: { id: blocked.someone.id, blocked: true },
      });
      expect(answer.status).toBe(200);
      expect(await until(() => blocked.client.closed.code !== undefined)).toBe(true);
      expect(blocked.client.closed.code).toBe(SESSION_ENDED_CLOSE.code);
      await Bun.sleep(200);
      expect(bystander.closed.code).toBeUndefined();
      bystander.socket.close();
    });

    test("the Vite dev server's origin is refused in development unless it is the public URL", async () => {
      const development = await startTestApp(backend, { NODE_ENV: "development" });
      try {
        const someone = await createCustomer(development, (await createOrganisation(development)).id);
        const browser = await signInCustomer(development, someone.email);
        const headers = (origin: string) => ({
          Origin: origin,
          Cookie: `token=${browser.cookies.get("token")}`,
        });
        const base = development.listen();
        const vite = connect(base, someone.channelId, headers("http://localhost:5173"));
        await expect(vite.opened).rejects.toThrow();
        // The same session from the public URL's origin is admitted: only the origin was refused.
        const own = connect(base, someone.channelId, headers(ORIGIN));
        await own.opened;
        own.socket.close();
      } finally {
        await development.close();
      }
    });

    test("no session, no channel", async () => {
      const client = connect(base, user.channelId, { Origin: ORIGIN });
      await expect(client.opened).rejects.toThrow();
    });

    test("notifications are deleted by their owner only", async () => {
      const row = await pushToRecipient(
        t.context,
        { customerUserId: user.id },
        { type: "notification", message: "Your 2025 data was accepted" },
      );
      const stranger = await createCustomer(t, (await createOrganisation(t)).id);
      const strangerBrowser = await signInCustomer(t, stranger.email);
      expect(
        (await strangerBrowser.delete("/api/management/customer/notification/", { id: row!.id })).status,
      ).toBe(404);
      const owner = await signInCustomer(t, user.email);
      expect((await owner.delete("/api/management/customer/notification/", { id: row!.id })).status).toBe(
        200,
      );
      expect((await owner.delete("/api/management/customer/notification/", { id: row!.id })).status).toBe(
        404,
      );
    });

    if (backend === "postgres") {
      test("a message published by one server process reaches a socket held by another", async () => {
        const second = await startTestApp(backend, {}, { shareDatabaseWith: t });
        try {
          const client = connect(second.listen(), user.channelId, { Origin: ORIGIN, Cookie: cookie });
          await client.opened;
          await until(() => second.context.live.connections(user.channelId) > 0);
          // Published through the first process; only the second holds the socket.
          await pushToRecipient(
            t.context,
            { customerUserId: user.id },
            { type: "notification", message: "From process one" },
          );
          expect(await until(() => client.received.length === 1)).toBe(true);
          expect(client.received[0]).toMatchObject({ type: "notification", message: "From process one" });
          client.socket.close();
        } finally {
          await second.close();
        }
      });

      test("blocking a user in one process closes its socket held by another", async () => {
        const second = await startTestApp(backend, {}, { shareDatabaseWith: t });
        try {
          const { someone, client } = await openSocketOfNewUser(second);
          const staff = await signInStaff(t, (await createStaff(t)).username);
          await staff.patch("/api/management/customer/detail/", {
            user_data: { id: someone.id, blocked: true },
          });
          expect(await until(() => client.closed.code !== undefined)).toBe(true);
          expect(client.closed.code).toBe(SESSION_ENDED_CLOSE.code);
        } finally {
          await second.close();
        }
      });
    }
  });

  /** Its own app: these tests move the clock, which would expire every other test's session. */
  describe(`live channel: a session that expires (${backend})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(backend);
    });
    afterAll(() => t.close());

    /** A new user signed in now, with its socket open; the session row's id for the test to move. */
    async function openSocket() {
      const someone = await createCustomer(t, (await createOrganisation(t)).id);
      const browser = await signInCustomer(t, someone.email);
      const [row] = await t.context.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.customerUserId, someone.id));
      return { someone, browser, sessionId: row!.id };
    }

    function connectAs(someone: { channelId: string }, browser: { cookies: Map<string, string> }) {
      return connect(t.listen(), someone.channelId, {
        Origin: ORIGIN,
        Cookie: `token=${browser.cookies.get("token")}`,
      });
    }

    test("its open socket is closed at the expiry (a timer), with no logout or revoke to tell it", async () => {
      const { someone, browser, sessionId } = await openSocket();
      // The session ends one second from now (the sign-in fixed it; nothing slides it).
      await t.context.database.db
        .update(sessions)
        .set({ expiresAt: new Date(t.clock.now().getTime() + 1000) })
        .where(eq(sessions.id, sessionId));
      const client = connectAs(someone, browser);
      await client.opened;
      expect(await until(() => t.context.live.connections(someone.channelId) === 1)).toBe(true);
      t.clock.advance(2);
      expect(await until(() => client.closed.code !== undefined, 4000)).toBe(true);
      expect(client.closed.code).toBe(SESSION_ENDED_CLOSE.code);
      expect(t.context.live.connections(someone.channelId)).toBe(0);
    });

    test("a push after the expiry is not delivered: the socket closes instead", async () => {
      const { someone, browser } = await openSocket();
      const client = connectAs(someone, browser);
      await client.opened;
      expect(await until(() => t.context.live.connections(someone.channelId) === 1)).toBe(true);
      await pushToRecipient(
        t.context,
        { customerUserId: someone.id },
        { type: "notification", message: "Before the expiry" },
      );
      expect(await until(() => client.received.length === 1)).toBe(true);
      // The clock passes the session's end; the timer (armed for later) has not fired yet.
      t.clock.advance(SESSION_MAX_AGE.client + 1);
      await pushToRecipient(
        t.context,
        { customerUserId: someone.id },
        { type: "notification", message: "After the expiry" },
      );
      expect(await until(() => client.closed.code !== undefined)).toBe(true);
      expect(client.closed.code).toBe(SESSION_ENDED_CLOSE.code);
      expect(client.received).toEqual([
        expect.objectContaining({ type: "notification", message: "Before the expiry" }),
      ]);
      expect(t.context.live.connections(someone.channelId)).toBe(0);
    });
  });
}
