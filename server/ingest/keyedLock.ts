/**
 * Serialises work on one key inside this process only. Uploads no longer use it: their switch-in
 * and version bump are serialised across processes by a PostgreSQL advisory lock taken inside the
 * recording transaction (targetLock.ts: lockUploadTargets with lockTargets.practiceYear /
 * lockTargets.market). Other writers of a practice year that must not interleave with an upload
 * take that same advisory lock in their transaction.
 */
const tails = new Map<string, Promise<unknown>>();

export async function withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  const current = previous.catch(() => {}).then(work);
  tails.set(key, current);
  try {
    return await current;
  } finally {
    if (tails.get(key) === current) tails.delete(key);
  }
}
