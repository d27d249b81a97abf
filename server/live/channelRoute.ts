import { Hono } from "hono";
import { createBunWebSocket } from "hono/bun";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { parseParam } from "../http/body.ts";
import { forbidden, HttpError, invalidToken } from "../http/errors.ts";
import { loadSession } from "../http/middleware/session.ts";
import type { LiveSocket } from "./hub.ts";

const { upgradeWebSocket, websocket } = createBunWebSocket();
/** Bun.serve needs this handler beside fetch for upgraded connections. */
export const liveWebsocketHandler = websocket;

/** Origins allowed to open the channel: the public URL's, plus Vite's dev server in development. */
function allowedOrigins(publicUrl: string, env: string): Set<string> {
  const origins = new Set([new URL(publicUrl).origin]);
  if (env === "development") origins.add("http://localhost:5173");
  return origins;
}

/**
 * GET /ws/channel/{channelId}/: the live channel. The session is checked at the handshake (cookie
 * or Authorization), the Origin must be ours (a page elsewhere cannot ride the user's cookie), and a
 * user is admitted only to its own channel.
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
    if (!origin || !allowedOrigins(config.publicUrl, config.env).has(origin)) {
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
  upgradeWebSocket((c) => {
    const channelId = c.req.param("channelId")!;
    const { live } = c.var.app;
    let socket: LiveSocket | undefined;
    return {
      onOpen(_event, ws) {
        socket = { send: (data) => ws.send(data) };
        // Another window may have taken the last place since the handshake was checked.
        if (!live.subscribe(channelId, socket)) {
          socket = undefined;
          ws.close(1013, "Too many windows are open for this account");
        }
      },
      onClose() {
        if (socket) live.unsubscribe(channelId, socket);
      },
    };
  }),
);
