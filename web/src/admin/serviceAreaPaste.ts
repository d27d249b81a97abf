import type { ServiceAreaType } from "../api/adminTypes.ts";

/**
 * The 'Add service area' textarea: lines of 'zipcode<TAB>type' copied from a spreadsheet
 * (admin-area.md section 5). Parsing here only decides whether Submit is enabled and what is sent;
 * the server validates the list again.
 */

export const SERVICE_AREA_TYPES: readonly ServiceAreaType[] = ["PSA", "SSA", "TSA"];

export interface ServiceAreaLine {
  zipcode: string;
  type: ServiceAreaType;
}

export type PasteResult =
  | { ok: true; items: ServiceAreaLine[] }
  | { ok: false; message: string; line?: number };

const ZIP = /^\d{5}$/;

/**
 * Reads the pasted text. Blank lines are skipped; a header row (a first line whose first cell is not a
 * zip, such as 'zipcode<TAB>type') is skipped too. A zip a spreadsheet stripped of its leading zeros
 * (e.g. 2134) is padded back to 5 digits. A zip listed twice is an error, as the server keeps one type.
 */
export function parseServiceAreaPaste(text: string): PasteResult {
  const lines = text.split(/\r?\n/);
  const items: ServiceAreaLine[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "") continue;
    const cells = line.split("\t").map((cell) => cell.trim());
    const zipCell = cells[0] ?? "";
    if (items.length === 0 && index === firstNonBlank(lines) && !/^\d+$/.test(zipCell)) continue;
    const lineNumber = index + 1;
    if (cells.length !== 2) {
      return { ok: false, line: lineNumber, message: `Line ${lineNumber}: expected 'zipcode<TAB>type'.` };
    }
    const zipcode = /^\d{3,5}$/.test(zipCell) ? zipCell.padStart(5, "0") : zipCell;
    if (!ZIP.test(zipcode)) {
      return {
        ok: false,
        line: lineNumber,
        message: `Line ${lineNumber}: '${zipCell}' is not a 5-digit zip code.`,
      };
    }
    const type = (cells[1] ?? "").toUpperCase() as ServiceAreaType;
    if (!SERVICE_AREA_TYPES.includes(type)) {
      return {
        ok: false,
        line: lineNumber,
        message: `Line ${lineNumber}: the type must be one of ${SERVICE_AREA_TYPES.join(", ")}.`,
      };
    }
    if (seen.has(zipcode)) {
      return { ok: false, line: lineNumber, message: `Line ${lineNumber}: ${zipcode} is listed twice.` };
    }
    seen.add(zipcode);
    items.push({ zipcode, type });
  }
  if (items.length === 0) return { ok: false, message: "Please fill out this field" };
  return { ok: true, items };
}

function firstNonBlank(lines: string[]): number {
  return lines.findIndex((line) => line.trim() !== "");
}
