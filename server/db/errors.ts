/**
 * Whether `error` (as drizzle throws it, the driver's error as its cause) is PostgreSQL's
 * unique_violation (23505) on the named constraint or index. Both drivers carry the code; the
 * constraint's name is in `constraint_name` (postgres.js), `constraint` (PGlite) or the message.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const fields = current as Error & { code?: string; constraint?: string; constraint_name?: string };
    if (fields.code !== "23505") continue;
    const name = fields.constraint_name ?? fields.constraint ?? current.message;
    return name.includes(constraint);
  }
  return false;
}

/** SQLSTATEs of a server that is going away or not up yet (a restart), and class 08 (connection). */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03"]);
/** postgres.js's own codes for a lost connection, and the socket's for a refused or reset one. */
const UNAVAILABLE_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
]);

/**
 * Whether `error` (or one of its causes) says the database cannot be reached right now (restarting,
 * refused, the connection cut) rather than that the query is wrong: such a request is worth
 * sending again in a moment (503 database_unavailable), and a job's bookkeeping waits for it
 * (server/jobs/untilDatabaseAnswers.ts). node-postgres (pg-boss's pool) gives no code for a
 * connection that ended, only its message.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = String((current as Error & { code?: unknown }).code ?? "");
    if (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
      return true;
    if (/^Connection terminated/.test(current.message)) return true;
  }
  return false;
}
