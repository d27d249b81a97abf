/**
 * The soak's reading of the server's memory lines (VITALITY_MEMORY_LOG_SECONDS,
 * server/caches/memoryLog.ts): each `memory:` line as numbers with the minute it was read, the
 * latest `caches:` line, and the `heap_types:` gains added up, so each window and the whole run can
 * say which part of the memory grew (issue 33).
 */

/** One `memory:` line: its `name_mb=value` parts in MB (and `duckdb_instances`), at a minute of the soak. */
export interface MemoryPoint {
  minute: number;
  parts: Record<string, number>;
}

/** The parts of a `memory:` line, `rss_mb=1500 ... duckdb_instances=2` -> { rss_mb: 1500, ... }; "-" parts are left out. */
export function memoryParts(line: string): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const [, name, value] of line.matchAll(/(\w+)=(-?[\d.]+)(?=\s|$|")/g)) parts[name!] = Number(value);
  return parts;
}

/** `heap_types: Object=+12/400 Array=+3/90` -> gains by type. */
export function heapTypeGains(line: string): Map<string, number> {
  const gains = new Map<string, number>();
  for (const [, type, gained] of line.matchAll(/(\S+)=\+(\d+)\/\d+/g)) gains.set(type!, Number(gained));
  return gains;
}

/** Reads the server's output as it comes (chunks may split lines) and keeps what the lines say. */
export class MemoryReader {
  readonly points: MemoryPoint[] = [];
  /** The latest `caches:` line with the minute it was read. */
  readonly caches: { minute: number; line: string }[] = [];
  readonly heapTypes: { minute: number; gains: Map<string, number> }[] = [];
  /** Every line read, kept so that the end can quote the server's errors. */
  private readonly lines: string[] = [];
  private read = 0;
  private carry = "";

  constructor(private readonly output: readonly string[]) {}

  /** Takes the lines written since the last call, as read at `minute`. */
  take(minute: number) {
    const text = this.carry + this.output.slice(this.read).join("");
    this.read = this.output.length;
    const lines = text.split("\n");
    this.carry = lines.pop() ?? "";
    for (const line of lines) {
      this.lines.push(line);
      const memory = /memory: ([^"\n]*)/.exec(line)?.[1];
      if (memory) this.points.push({ minute, parts: memoryParts(memory) });
      const caches = /caches: [^"\n]*/.exec(line)?.[0];
      if (caches) this.caches.push({ minute, line: caches });
      const types = /heap_types: [^"\n]*/.exec(line)?.[0];
      if (types) this.heapTypes.push({ minute, gains: heapTypeGains(types) });
    }
  }

  /** The lines read that match `pattern`, in order. */
  linesMatching(pattern: RegExp): string[] {
    return this.lines.filter((line) => pattern.test(line));
  }

  /** The heap types that had gained the most since the server's start at the last line before `minute`. */
  typesGainedBy(minute: number): Map<string, number> {
    return this.heapTypes.filter((entry) => entry.minute < minute).at(-1)?.gains ?? new Map();
  }
}
