import type { LiveMessage } from "../../server/live/messages.ts";
import type { TestApp } from "./testApp.ts";

/**
 * Listens on a user's live channel in the test app's hub, as the websocket route does for a
 * connected browser: every message published to the channel (through PostgreSQL or PGlite NOTIFY)
 * lands in `received`.
 */
export function listenToChannel(t: TestApp, channelId: string) {
  const received: LiveMessage[] = [];
  const socket = { send: (data: string) => received.push(JSON.parse(data) as LiveMessage) };
  t.context.live.subscribe(channelId, socket);
  return {
    received,
    notifications: () => received.filter((message) => message.type === "notification"),
    stop: () => t.context.live.unsubscribe(channelId, socket),
  };
}

/** Waits until the predicate holds (NOTIFY delivery is asynchronous); answers whether it did. */
export async function eventually(predicate: () => boolean, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!predicate() && Date.now() < deadline) await Bun.sleep(20);
  return predicate();
}
