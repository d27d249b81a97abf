import { isDatabaseUnavailable } from "../db/errors.ts";

/** How long a job's bookkeeping waits for a restarting database before giving up (the job is then retried). */
export const DATABASE_WAIT_MS = 5 * 60_000;

/**
 * Runs `work` again while it fails because the database cannot be reached (a restart, a cut
 * connection), with growing pauses (0.25 s to 2 s), for at most `waitMs`; any other failure, or
 * the last one, is thrown. A job that has done its work records that (its audit row, its task,
 * pg-boss's completion) through this: recorded once the database is back, it is not run again.
 */
export async function untilDatabaseAnswers<T>(work: () => Promise<T>, waitMs = DATABASE_WAIT_MS): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let pause = 250; ; pause = Math.min(2000, pause * 2)) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + pause > deadline) throw error;
      await Bun.sleep(pause);
    }
  }
}
