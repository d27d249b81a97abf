/**
 * Which kinds of JavaScript object grew in number between two looks at the heap (JSC's
 * objectTypeCounts): a leak of JS objects shows as one kind (a Map's entries, a closure per
 * request, a Promise) gaining at every look, while a cache filling to its bound gains and stops.
 */

export type TypeCounts = Record<string, number>;

export interface TypeGrowth {
  type: string;
  /** Objects of the type now. */
  count: number;
  /** Gained since the earlier look (negative: fewer). */
  gained: number;
}

/** The `top` types that gained the most objects from `before` to `after`, most first; none that did not gain. */
export function typesGrown(before: TypeCounts, after: TypeCounts, top = 8): TypeGrowth[] {
  return Object.entries(after)
    .map(([type, count]) => ({ type, count, gained: count - (before[type] ?? 0) }))
    .filter((growth) => growth.gained > 0)
    .sort((a, b) => b.gained - a.gained || a.type.localeCompare(b.type))
    .slice(0, top);
}

/** `heap_types: Object=+1200/45000 Function=+300/21000` (gained/now), or `heap_types: none grew`. */
export function heapTypesLine(grown: TypeGrowth[]): string {
  if (grown.length === 0) return "heap_types: none grew";
  // Type names can hold spaces ("Immutable Butterfly"): the line's words are separated by spaces.
  return `heap_types: ${grown.map((g) => `${g.type.replaceAll(" ", "_")}=+${g.gained}/${g.count}`).join(" ")}`;
}
