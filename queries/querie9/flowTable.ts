/**
 * An organisation-year's outmigration flows as a process holds them: columns of numbers over small
 * dictionaries instead of one object per cell. Parsed from JSON, the flows were about 2 MB of
 * objects and repeated strings per organisation-year at 1m (130 MB for 64 in the tenant bench,
 * issue 23); as columns they hold about a fifth of that (26 MB for the same 64).
 */
import { z } from "zod";
import { largestCode } from "../../server/engine/columnTable.ts";
import { internedText } from "../../server/engine/internedTexts.ts";

/** The flows as `outmigration.sql` writes them (one entry per patient zip), which a table is made of. */
export const zipFlows = z.array(
  z.object({
    zip: z.string(),
    /** Cases per service line and destination; area null is OUTSIDE. */
    cells: z.array(
      z.object({ line: z.string(), area: z.enum(["PSA", "SSA", "TSA"]).nullable(), cases: z.number() }),
    ),
    /** The zip's OUTSIDE cases per service line and rendering provider; null when it has none. */
    outside: z.array(z.object({ line: z.string(), name: z.string(), cases: z.number() })).nullable(),
  }),
);
export type ZipFlows = z.infer<typeof zipFlows>[number];

const AREAS = ["PSA", "SSA", "TSA"] as const;
export type FlowArea = (typeof AREAS)[number] | null;
/** An area's code in the columns; OUTSIDE (null) is the last. */
const OUTSIDE = AREAS.length;

/** Codes for a column of repeated texts (service lines, provider names). */
class Dictionary {
  readonly texts: string[] = [];
  private readonly codes = new Map<string, number>();
  code(text: string) {
    let code = this.codes.get(text);
    if (code === undefined) {
      code = this.texts.length;
      this.texts.push(text);
      this.codes.set(text, code);
    }
    return code;
  }
}

/** localeCompare's order (the default locale's collation), as element 1 has always sorted names. */
const byName = new Intl.Collator().compare;

/** Each name's place in the collation's order; names the collation finds equal share one. */
function collationRanks(names: readonly string[]): Uint32Array {
  const order = names.map((_, code) => code).sort((a, b) => byName(names[a]!, names[b]!));
  const ranks = new Uint32Array(names.length);
  let rank = 0;
  order.forEach((code, at) => {
    if (at > 0 && byName(names[order[at - 1]!]!, names[code]!) !== 0) rank++;
    ranks[code] = rank;
  });
  return ranks;
}

/** Whether every code is below `end` (an empty column's are). */
const below = (codes: Uint8Array | Uint32Array, end: number) =>
  codes.length === 0 || largestCode(codes) < end;

/** Whether `starts` begins at 0, never goes back and ends at `end`. */
function ascendsTo(starts: Uint32Array, end: number): boolean {
  if (starts[0] !== 0 || starts[starts.length - 1] !== end) return false;
  for (let index = 1; index < starts.length; index++) if (starts[index]! < starts[index - 1]!) return false;
  return true;
}

const texts = z.array(z.string());
const keptFlows = z.object({
  zips: texts,
  lines: texts,
  names: texts,
  nameRanks: z.instanceof(Uint32Array),
  cellStart: z.instanceof(Uint32Array),
  cellLine: z.instanceof(Uint8Array),
  cellArea: z.instanceof(Uint8Array),
  cellCases: z.instanceof(Float64Array),
  outsideStart: z.instanceof(Uint32Array),
  outsideLine: z.instanceof(Uint8Array),
  outsideName: z.instanceof(Uint32Array),
  outsideCases: z.instanceof(Float64Array),
});
/** The columns as kept (FlowTable.toJSON). */
export type KeptFlows = z.infer<typeof keptFlows>;

export class FlowTable {
  /** Collation rank per name code: providers tied by cases are ordered by a number, not a collator call. */
  private readonly nameRanks: Uint32Array;
  /** Per name code, the cases of the zip being added up (outsideProviders); `seenIn` says which call set them. */
  private readonly sums: Float64Array;
  private readonly seenIn: Uint32Array;
  private calls = 0;

  /**
   * @param nameRanks the names' collation ranks (collationRanks) when already known: a kept table's,
   * ranked by the process that made it (3,600 names at 500 organisations take milliseconds to rank).
   */
  private constructor(
    /** Patient zips, in the order of the flows (zip code order). */
    readonly zips: readonly string[],
    private readonly lines: readonly string[],
    private readonly names: readonly string[],
    /** Cells of zip i: cellStart[i] to cellStart[i + 1]. */
    private readonly cellStart: Uint32Array,
    private readonly cellLine: Uint8Array,
    private readonly cellArea: Uint8Array,
    private readonly cellCases: Float64Array,
    /** OUTSIDE flows of zip i by provider: outsideStart[i] to outsideStart[i + 1]. */
    private readonly outsideStart: Uint32Array,
    private readonly outsideLine: Uint8Array,
    private readonly outsideName: Uint32Array,
    private readonly outsideCases: Float64Array,
    nameRanks?: Uint32Array,
  ) {
    this.nameRanks = nameRanks ?? collationRanks(names);
    this.sums = new Float64Array(names.length);
    this.seenIn = new Uint32Array(names.length);
  }

  static of(flows: readonly ZipFlows[]): FlowTable {
    const lines = new Dictionary();
    const names = new Dictionary();
    const cellCount = flows.reduce((sum, zip) => sum + zip.cells.length, 0);
    const outsideCount = flows.reduce((sum, zip) => sum + (zip.outside?.length ?? 0), 0);
    const cellStart = new Uint32Array(flows.length + 1);
    const cellLine = new Uint8Array(cellCount);
    const cellArea = new Uint8Array(cellCount);
    const cellCases = new Float64Array(cellCount);
    const outsideStart = new Uint32Array(flows.length + 1);
    const outsideLine = new Uint8Array(outsideCount);
    const outsideName = new Uint32Array(outsideCount);
    const outsideCases = new Float64Array(outsideCount);
    let cell = 0;
    let outside = 0;
    flows.forEach((zip, i) => {
      cellStart[i] = cell;
      outsideStart[i] = outside;
      for (const item of zip.cells) {
        cellLine[cell] = lines.code(item.line);
        cellArea[cell] = item.area === null ? OUTSIDE : AREAS.indexOf(item.area);
        cellCases[cell++] = item.cases;
      }
      for (const item of zip.outside ?? []) {
        outsideLine[outside] = lines.code(item.line);
        outsideName[outside] = names.code(item.name);
        outsideCases[outside++] = item.cases;
      }
    });
    cellStart[flows.length] = cell;
    outsideStart[flows.length] = outside;
    // Service lines are a handful (analyses.md); a byte per cell holds their code.
    if (lines.texts.length > 256) throw new Error(`outmigration flows: ${lines.texts.length} service lines`);
    return new FlowTable(
      flows.map((zip) => zip.zip),
      lines.texts,
      names.texts,
      cellStart,
      cellLine,
      cellArea,
      cellCases,
      outsideStart,
      outsideLine,
      outsideName,
      outsideCases,
    );
  }

  /**
   * The kept form (derived/keptJson.ts `keptBytes`: the columns' bytes after the JSON text of the
   * texts). Kept as the rows' JSON, an organisation-year's flows were 8.4 MB at 500 organisations,
   * parsed into objects for every read of a flows file the cache no longer held.
   */
  toJSON(): Record<keyof KeptFlows, unknown> {
    return {
      zips: this.zips,
      lines: this.lines,
      names: this.names,
      nameRanks: this.nameRanks,
      cellStart: this.cellStart,
      cellLine: this.cellLine,
      cellArea: this.cellArea,
      cellCases: this.cellCases,
      outsideStart: this.outsideStart,
      outsideLine: this.outsideLine,
      outsideName: this.outsideName,
      outsideCases: this.outsideCases,
    };
  }

  /** A table from its kept form; throws when the form does not fit (a code past its texts, a cell past the end). */
  static fromKept(kept: unknown): FlowTable {
    const parsed = keptFlows.parse(kept);
    const { zips, lines, names, cellStart, outsideStart } = parsed;
    const cells = parsed.cellLine.length;
    const outside = parsed.outsideLine.length;
    const fits =
      cellStart.length === zips.length + 1 &&
      outsideStart.length === zips.length + 1 &&
      parsed.nameRanks.length === names.length &&
      [parsed.cellArea, parsed.cellCases].every((column) => column.length === cells) &&
      [parsed.outsideName, parsed.outsideCases].every((column) => column.length === outside) &&
      ascendsTo(cellStart, cells) &&
      ascendsTo(outsideStart, outside) &&
      below(parsed.cellLine, lines.length) &&
      below(parsed.outsideLine, lines.length) &&
      below(parsed.cellArea, OUTSIDE + 1) &&
      below(parsed.outsideName, names.length);
    if (!fits) throw new Error("kept flows do not fit");
    return new FlowTable(
      zips,
      lines,
      names.map(internedText),
      cellStart,
      parsed.cellLine,
      parsed.cellArea,
      parsed.cellCases,
      outsideStart,
      parsed.outsideLine,
      parsed.outsideName,
      parsed.outsideCases,
      parsed.nameRanks,
    );
  }

  /** About the bytes held: the columns, and the texts with their strings' overhead. */
  get bytes(): number {
    const texts = [...this.zips, ...this.lines, ...this.names].reduce(
      (sum, text) => sum + 32 + text.length * 2,
      0,
    );
    const columns = [
      this.cellStart,
      this.cellLine,
      this.cellArea,
      this.cellCases,
      this.outsideStart,
      this.outsideLine,
      this.outsideName,
      this.outsideCases,
      this.nameRanks,
      this.sums,
      this.seenIn,
    ].reduce((sum, column) => sum + column.byteLength, 0);
    return texts + columns + 200;
  }

  /** Which line codes are chosen (a line the flows never name is simply absent). */
  chosenCodes(chosen: ReadonlySet<string>): boolean[] {
    return this.lines.map((line) => chosen.has(line));
  }

  /** Calls `visit` with each cell of zip `i`: its service line, destination area (null: OUTSIDE) and cases. */
  cells(i: number, visit: (line: string, area: FlowArea, cases: number, lineCode: number) => void) {
    for (let cell = this.cellStart[i]!; cell < this.cellStart[i + 1]!; cell++) {
      const area = this.cellArea[cell]!;
      const lineCode = this.cellLine[cell]!;
      visit(this.lines[lineCode]!, area === OUTSIDE ? null : AREAS[area]!, this.cellCases[cell]!, lineCode);
    }
  }

  /** Whether zip `i` has a cell of a chosen line (`chosen` from chosenCodes). */
  hasChosen(i: number, chosen: readonly boolean[]): boolean {
    for (let cell = this.cellStart[i]!; cell < this.cellStart[i + 1]!; cell++)
      if (chosen[this.cellLine[cell]!]) return true;
    return false;
  }

  /**
   * The OUTSIDE cases of zip `i`'s chosen lines added up per rendering provider, largest first, ties
   * in the names' collation order (localeCompare's), then in the order the flows first name them.
   */
  outsideProviders(i: number, chosen: readonly boolean[]): Array<{ name: string; cases: number }> {
    // A number per call marks the sums this call set: no clearing, no map per zip (synchronous).
    if (this.calls === 0xffffffff) {
      this.seenIn.fill(0);
      this.calls = 0;
    }
    const call = ++this.calls;
    const codes: number[] = [];
    for (let flow = this.outsideStart[i]!; flow < this.outsideStart[i + 1]!; flow++) {
      if (!chosen[this.outsideLine[flow]!]) continue;
      const code = this.outsideName[flow]!;
      if (this.seenIn[code] !== call) {
        this.seenIn[code] = call;
        this.sums[code] = 0;
        codes.push(code);
      }
      this.sums[code]! += this.outsideCases[flow]!;
    }
    codes.sort((a, b) => this.sums[b]! - this.sums[a]! || this.nameRanks[a]! - this.nameRanks[b]!);
    return codes.map((code) => ({ name: this.names[code]!, cases: this.sums[code]! }));
  }
}
