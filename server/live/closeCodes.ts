/**
 * Why the server closed a live channel, as WebSocket close codes (4000-4999 are the application's):
 * shared with the web client, which must not reconnect a channel whose session has ended.
 */

/** A socket closed because its session ended (logout, expiry, revoked, user blocked or removed). */
export const SESSION_ENDED_CLOSE = { code: 4401, reason: "Your session has ended" } as const;

/**
 * A socket closed because its server process is stopping (a deploy, a restart): 1012 is the
 * registered "Service Restart". The web reconnects at once, reaching another process or the new one.
 */
export const SERVER_RESTART_CLOSE = { code: 1012, reason: "The server is restarting" } as const;
