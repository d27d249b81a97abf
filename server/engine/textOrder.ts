/**
 * DuckDB's order of texts in JavaScript, for kernels that group or sort a statement's rows
 * themselves: VARCHAR compares byte by byte in UTF-8 (no collation), which is Unicode code point
 * order, and `ORDER BY x` puts NULLs last. JavaScript's `<` compares UTF-16 code units, which
 * differs from code point order when one side is a character above U+FFFF (a surrogate pair) and
 * the other one between U+E000 and U+FFFF; localeCompare differs much more.
 */

const isSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;

/** Negative when a sorts before b, as DuckDB's `ORDER BY a` (ascending, NULLs last). */
export function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    // A surrogate starts a character above U+FFFF: after every character of the basic plane.
    if (isSurrogate(x) !== isSurrogate(y)) return isSurrogate(x) ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** DuckDB's min() of texts: NULLs are ignored; NULL only when every value is. */
export const minText = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : compareText(a, b) <= 0 ? a : b;
