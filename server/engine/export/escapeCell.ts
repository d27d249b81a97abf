/**
 * Spreadsheet formula injection: a text cell starting with = + - @ (or a tab or carriage return,
 * which some programs strip before reading a formula) is prefixed with an apostrophe, so a name
 * like "=HYPERLINK(...)" in the market data is shown as text, never evaluated.
 */
export function escapeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
