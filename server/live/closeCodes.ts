/**
 * Why the server closed a live channel, as WebSocket close codes (4000-4999 are the application's):
 * shared with the web client, which must not reconnect a channel whose session has ended.
 */

/** A socket closed because its session ended (logout, expiry, revoked, user blocked or removed). */
export const SESSION_ENDED_CLOSE = { code: 4401, reason: "Your session has ended" } as const;
