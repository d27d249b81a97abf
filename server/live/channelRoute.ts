import { Hono } from "hono";
import { createBunWebSocket } from "hono/bun";
import { z } from "zod";
import { sessionConcerned, sessionExpiresAt, sessionIsLive } from "../auth/sessions.ts";
import type { AppEnv } from "../context.ts";
import { parseParam } from "../http/body.ts";
import { forbidden, HttpError, invalidToken } from "../http/errors.ts";
import { loadSession } from "../http/middleware/session.ts";
import { SESSION_ENDED_CLOSE } from "./closeCodes.ts";
import type { Invalidation, LiveSocket } from "./hub.ts";
import { type ExpiryWatch, watchSessionExpiry } from "./sessionExpiry.ts";

const { upgradeWebSocket, websocket } = createBunWebSocket();
/** Bun.serve needs this handler beside fetch for upgraded connections. */
export const liveWebsocketHandler = websocket;

/**
 * The origin allowed to open the channel: the public URL's only. `npm run dev` sets PUBLIC_URL to
 * Vite's dev server (server/cli/dev.ts), so no other origin is ever accepted by default.
 */
const allowedOrigin = (publicUrl: string) => new URL(publicUrl).origin;

/**
 * GET /ws/channel/{channelId}/: the live channel. The session is checked at the handshake (cookie
 * or Authorization), the Origin must be ours (a page elsewhere cannot ride the user's cookie), and a
 * user is admitted only to its own channel. After the handshake, every change that concerns the
 * session (sessionsChanged: logout, block, removal, in any process) makes the socket ask again,
 * and a session that ended closes it; a session that expires closes it at its expiry, and no push
 * reaches it after (sessionExpiry.ts).
 */
export const liveChannel = new Hono<AppEnv>().get(
  "/:channelId",
  loadSession(),
  async (c, next) => {
    const channelId = parseParam(
      z.uuid({ message: "is not a channel id" }),
      c.req.param("channelId"),
      "channelId",
    );
    const { config } = c.var.app;
    const origin = c.req.header("origin");
    if (!origin || origin !== allowedOrigin(config.publicUrl)) {
      throw forbidden("Origin not allowed.");
    }
    const session = c.var.session;
    if (!session) throw invalidToken();
    const own = session.kind === "client" ? session.user.channelId : session.staff.channelId;
    if (own !== channelId) throw forbidden("This is not your channel.");
    if (!c.var.app.live.hasRoom(channelId))
      throw new HttpError(429, "Too many windows are open for this account: close some and reload.");
    await next();
  },
  upgradeWebSocket(async (c) => {
    const channelId = c.req.param("channelId")!;
    const { live, database, clock } = c.var.app;
    const session = c.var.session!;
    // Fixed at sign-in (sessions do not slide); an unknown row counts as expired.
    const expiresAt = (await sessionExpiresAt(database.db, session.id)) ?? 0;
    let socket: LiveSocket | undefined;
    let stopWatching = () => {};
    return {
      onOpen(_event, ws) {
        let expiry: ExpiryWatch | undefined;
        const end = (watched: LiveSocket) => {
          // Nothing more reaches it, even before the close completes.
          live.unsubscribe(channelId, watched);
          ws.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
        };
        // Each push asks the clock first: an expired session receives nothing, and its socket closes.
        socket = {
          send: (data) => (expiry?.expired() ? undefined : ws.send(data)),
          close: (code, reason) => ws.close(code, reason),
        };
        // Another window may have taken the last place since the handshake was checked.
        if (!live.subscribe(channelId, socket)) {
          socket = undefined;
          ws.close(1013, "Too many windows are open for this account");
          return;
        }
        const watched = socket;
        // A session that merely expires is told by nothing else: a timer closes it at that moment.
        expiry = watchSessionExpiry(clock, expiresAt, () => end(watched));
        const unwatch = live.onInvalidation((change: Invalidation) => {
          if (change.topic !== "session" || !sessionConcerned(session, change.key)) return;
          void sessionIsLive(database.db, session.id, clock.now())
            .then((alive) => {
              if (!alive) end(watched);
            })
            .catch(() => {});
        });
        stopWatching = () => {
          unwatch();
          expiry?.stop();
        };
      },
      onClose() {
        stopWatching();
        if (socket) live.unsubscribe(channelId, socket);
      },
    };
  }),
);
