/**
 * Results of analysis runs, in memory, least recently used dropped first. The key holds the data
 * versions of the year (practice upload and market uploads), the organisation's dimensions, the
 * plugin fingerprint and the normalised filters: new data means a new key, so a stale result is
 * never read again and simply ages out.
 */
export class ResultCache<Value> {
  private readonly entries = new Map<string, Value>();

  constructor(private readonly capacity: number) {}

  get(key: string): Value | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: Value) {
    if (this.capacity === 0) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** Drops every entry of an organisation (e.g. after its profile changed) - versions make it optional. */
  dropOrganisation(organisationId: string) {
    for (const key of [...this.entries.keys()])
      if (key.startsWith(`${organisationId}|`)) this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }
}
