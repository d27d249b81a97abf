/**
 * How long the server keeps a keep-alive connection that carries no bytes: Bun.serve's
 * `idleTimeout`, in seconds. Bun's default, 10 s (checked every 4 s: closed at about 12 s), is
 * shorter than the clients' own keep-alive (Bun's fetch keeps an idle connection 5 minutes, Chrome
 * 300 s, Firefox 115 s; nginx's and AWS ALB's upstream keep-alive 60 s), so clients reuse
 * connections the server is closing. When the server's event loop is busy, its idle check closes a
 * connection whose next request has already arrived, unread: the client gets no answer, and Bun's
 * fetch reports a POST's as ECONNRESET 30-600 ms after sending (the soak's 13 resets, issue 33;
 * bench/soak/keepAliveResets.ts: 17 of 486 reuses near 12 s lost under the soak's readers, 0 with
 * this setting). The server must be the side that waits longer: 255 s is the most Bun allows. The
 * same timer ends a request whose handler writes nothing for that long; a stop (SIGTERM) still
 * closes idle connections at once.
 */
export const IDLE_TIMEOUT_SECONDS = 255;
