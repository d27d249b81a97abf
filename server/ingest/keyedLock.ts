/**
 * Serialises uploads of the same target (an organisation, a market kind and year) inside this
 * process, so two uploads of one year cannot interleave their switch-in and version bump.
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
