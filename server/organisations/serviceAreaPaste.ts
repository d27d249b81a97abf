/**
 * The add-service-area textarea ('Copy/Past from xls', admin-area.md sections 2 and 5): one line per
 * zip, `zipcode<TAB>type`, as two spreadsheet columns paste. Pure and free of server imports: the
 * web app imports it to enable Submit and show line-numbered errors; the server parses the same text.
 *
 * Rules: blank lines are skipped; cells are separated by a tab (or, typed by hand, by spaces,
 * commas or semicolons); the zip is exactly 5 digits; the type is PSA, SSA or TSA (any case, stored
 * upper case); a zip may appear once. Lines are numbered from 1 as the textarea shows them.
 */

export const SERVICE_AREA_TYPES = ["PSA", "SSA", "TSA"] as const;
export type ServiceAreaType = (typeof SERVICE_AREA_TYPES)[number];

export interface PastedServiceArea {
  zipcode: string;
  type: ServiceAreaType;
  /** The textarea line it came from. */
  line: number;
}

export interface PasteError {
  line: number;
  message: string;
}

export interface PasteResult {
  rows: PastedServiceArea[];
  errors: PasteError[];
}

const isType = (value: string): value is ServiceAreaType =>
  (SERVICE_AREA_TYPES as readonly string[]).includes(value);

export function parseServiceAreaPaste(text: string): PasteResult {
  const rows: PastedServiceArea[] = [];
  const errors: PasteError[] = [];
  const firstLineOf = new Map<string, number>();
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (content === "") return;
    const cells = content.split(/\t|[ ,;]+/).map((cell) => cell.trim());
    const filled = cells.filter((cell) => cell !== "");
    if (filled.length !== 2) {
      errors.push({ line, message: `Line ${line}: expected 'zipcode<TAB>type', got '${content}'` });
      return;
    }
    const [zipcode = "", typeCell = ""] = filled;
    const type = typeCell.toUpperCase();
    if (!/^\d{5}$/.test(zipcode)) {
      const hint = /^\d{3,4}$/.test(zipcode) ? " (a spreadsheet may have dropped a leading zero)" : "";
      errors.push({ line, message: `Line ${line}: zipcode must be 5 digits, got '${zipcode}'${hint}` });
      return;
    }
    if (!isType(type)) {
      errors.push({ line, message: `Line ${line}: type must be PSA, SSA or TSA, got '${typeCell}'` });
      return;
    }
    const first = firstLineOf.get(zipcode);
    if (first !== undefined) {
      errors.push({ line, message: `Line ${line}: zipcode ${zipcode} is already on line ${first}` });
      return;
    }
    firstLineOf.set(zipcode, line);
    rows.push({ zipcode, type, line });
  });
  if (rows.length === 0 && errors.length === 0) {
    errors.push({ line: 1, message: "Please fill out this field" });
  }
  return { rows, errors };
}

/** The rows as the service_area call's payload items. */
export const toServiceAreaItems = (rows: PastedServiceArea[], year: number) =>
  rows.map((row) => ({ zipcode: row.zipcode, type: row.type, year }));
