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
