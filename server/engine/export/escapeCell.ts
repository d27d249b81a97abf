/**
 * Spreadsheet formula injection: a text cell starting with = + - @ (or a tab or carriage return,
 * which some programs strip before reading a formula) is prefixed with an apostrophe, so a name
 * like "=HYPERLINK(...)" in the market data is shown as text, never evaluated. A number ("-6.72",
 * "+1", "1e3") is not a formula and is written as it is, so spreadsheets read it as a number.
 */
const FORMULA_START = "^[=+\\-@\\t\\r]";
const PLAIN_NUMBER = "^[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?$";
const formulaStart = new RegExp(FORMULA_START);
const plainNumber = new RegExp(PLAIN_NUMBER);

export function escapeCell(text: string): string {
  return formulaStart.test(text) && !plainNumber.test(text) ? `'${text}` : text;
}

/**
 * The same rule in DuckDB SQL, for files DuckDB writes itself (the set-aside rows of an upload):
 * the value of `expression` as text, prefixed when it would start a formula.
 */
export function escapeCellSql(expression: string): string {
  const text = `CAST(${expression} AS VARCHAR)`;
  return `CASE WHEN regexp_matches(${text}, '${FORMULA_START}') AND NOT regexp_matches(${text}, '${PLAIN_NUMBER}') THEN '''' || ${text} ELSE ${text} END`;
}
