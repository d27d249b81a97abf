/**
 * Named kill points for the crash harness (tests/crash/, docs/crash-safety.md). With
 * VITALITY_CRASH_AT naming a point, the process kills itself with SIGKILL when it reaches it: no
 * finally block, no shutdown handler, no flush runs, as with a kill -9 or a power cut at that
 * moment. Without the variable (every real deployment) a point is one comparison and does nothing.
 */
export const CRASH_POINTS = [
  /** A practice upload's new Parquet is switched in; its transaction is not committed. */
  "upload.after-switch",
  /** A market upload's new Parquet is switched in; its transaction is not committed. */
  "market-upload.after-switch",
  /** A year restore's kept Parquet is switched in; its transaction is not committed. */
  "restore.after-switch",
  /** remove-year: the database changes are made in the transaction, not committed. */
  "remove-year.before-commit",
  /** remove-year: committed; the year's files are not removed yet. */
  "remove-year.after-commit",
  /** A scheme job has started its run and holds its job. */
  "scheme.mid-run",
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

export function crashPoint(point: CrashPoint) {
  if (process.env.VITALITY_CRASH_AT !== point) return;
  process.stderr.write(`VITALITY_CRASH_AT=${point}: killing this process (SIGKILL)\n`);
  process.kill(process.pid, "SIGKILL");
}
