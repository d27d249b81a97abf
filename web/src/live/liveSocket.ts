import { type LiveMessage, liveMessage } from "../../../server/live/messages.ts";
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
 * (live/backoff.ts), and resets them once a connection has opened. Messages that do not match the
 * server's zod shapes (server/live/messages.ts) are ignored rather than trusted.
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

  const connect = () => {
    if (closed) return;
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
    socket.addEventListener("close", () => {
      onStatus?.(false);
      if (closed) return;
      timer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    });
  };

  connect();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    },
  };
}
