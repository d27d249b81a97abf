/**
 * The live channel (`GET /ws/channel/{channelId}`, server/live/channelRoute.ts) in the document:
 * a WebSocket is no OpenAPI operation, so it is a section of info.description with the JSON Schema
 * of each message made from the zod schemas the server sends with (server/live/messages.ts). It
 * cannot drift from what the channel carries.
 */
import { z } from "zod";
import { SESSION_ENDED_CLOSE } from "../../live/closeCodes.ts";
import { changedMessage, eventMessage, notificationMessage, taskMessage } from "../../live/messages.ts";

const MESSAGES = [
  ["task", "A background task's progress (an upload, a scheme run): upserted by `id`.", taskMessage],
  ["notification", "A notification of the user's bell: upserted by `id`.", notificationMessage],
  [
    "event",
    "Staff screens: a change to patch into an open answer (where `test_path` holds `test_value`, set `path` to `value`).",
    eventMessage,
  ],
  [
    "changed",
    "An organisation's year, questionnaire or practice profile changed: screens showing it read it again.",
    changedMessage,
  ],
] as const;

const schemaOf = (schema: z.ZodType) => JSON.stringify(z.toJSONSchema(schema, { io: "output" }), null, 1);

export const LIVE_CHANNEL_WORDS = `## Live channel

\`GET /ws/channel/{channelId}\` upgrades to a WebSocket that pushes the signed-in user's tasks, notifications and state changes as JSON text messages (one object each, discriminated by \`type\`). \`channelId\` is the session's own channel: the \`channel_id\` of the profile in the session check, \`GET /api/management/customer/detail/\` (customers) or \`GET /api/management/admin/detail/\` (staff).

- The handshake carries the session like any call (the \`token\` cookie or \`Authorization: Token\`) and an \`Origin\` of this site; another user's channel is 403, no session 401, too many open windows of one account 429.
- The server sends; the client sends nothing. A session that ends (logout, expiry, revoked, user blocked or removed) closes the socket with code ${SESSION_ENDED_CLOSE.code} ("${SESSION_ENDED_CLOSE.reason}"): do not reconnect, sign in again. Any other close may be reconnected.
- Messages are not replayed: after a reconnect, read the lists again.

${MESSAGES.map(([type, words, schema]) => `### \`${type}\`\n\n${words}\n\n\`\`\`json\n${schemaOf(schema)}\n\`\`\``).join("\n\n")}`;
