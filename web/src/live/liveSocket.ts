import type { LiveMessage } from "../../../server/live/messages.ts";
import { afterNextPaint } from "../app/afterNextPaint.ts";
import { reportSessionEnded } from "../app/sessionExpiry.ts";
import { afterClose } from "./afterClose.ts";
import { reconnectDelay } from "./backoff.ts";

export type { LiveMessage };

/** Where the channel of `channelId` is served, on this page's own origin. */
export function channelUrl(
  channelId: string,
  location: Pick<Location, "protocol" | "host"> = window.location,
) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws/channel/${encodeURIComponent(channelId)}/`;
}

export interface LiveConnection {
  close(): void;
}

/**
 * Opens the session's live channel and keeps it open: after a drop it reconnects with growing delays
 * (live/backoff.ts), and resets them once a connection has opened. A channel the server closed
 * because the session ended is not reopened: the guards are re-run, which lead to sign-in; one
 * closed by a server stopping (1012, a deploy) reconnects at the first delay (live/afterClose.ts).
 * Messages that do not match the server's zod shapes (server/live/messages.ts) are ignored rather
 * than trusted. The shapes (and zod, ~20 kB gzipped) load with the first connection, once the
 * screen opening it has been painted.
 */
export function openLiveChannel(
  channelId: string,
  onMessage: (message: LiveMessage) => void,
  onStatus?: (connected: boolean) => void,
): LiveConnection {
  let socket: WebSocket | undefined;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let shapes: typeof import("../../../server/live/messages.ts")["liveMessage"] | undefined;

  const retry = () => {
    if (closed) return;
    timer = setTimeout(connect, reconnectDelay(attempt));
    attempt += 1;
  };

  const connect = async () => {
    if (closed) return;
    try {
      if (!shapes) {
        await afterNextPaint();
        shapes = (await import("../../../server/live/messages.ts")).liveMessage;
      }
    } catch {
      // The module could not be fetched (offline, a new release): try again as after a drop.
      retry();
      return;
    }
    if (closed) return;
    const liveMessage = shapes;
    socket = new WebSocket(channelUrl(channelId));
    socket.addEventListener("open", () => {
      attempt = 0;
      onStatus?.(true);
    });
    socket.addEventListener("message", (event) => {
      let payload: unknown;
      try {
        payload = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const parsed = liveMessage.safeParse(payload);
      if (parsed.success) onMessage(parsed.data);
    });
    socket.addEventListener("close", (event) => {
      onStatus?.(false);
      const next = afterClose(event.code);
      if (next === "sign-in") {
        closed = true;
        reportSessionEnded();
        return;
      }
      // A deploy stops one process: the next connection reaches another, no need to back off.
      if (next === "reconnect-soon") attempt = 0;
      retry();
    });
  };

  void connect();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    },
  };
}
