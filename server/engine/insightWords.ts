/**
 * Numbers as the insights' sentences write them (insights.ts): rounded for reading, in US English
 * whatever the machine's locale, so an answer's words are the same everywhere.
 */
import { SERVICE_AREA_TYPES, SERVICE_LINE_LABELS, SERVICE_LINES, type ServiceLine } from "./filters.ts";

const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** 23.4375 -> "23.4%". */
export const percentWords = (value: number) => `${oneDecimal.format(value)}%`;

/** 3.14 -> "3.1 points". */
export const pointsWords = (value: number) => `${oneDecimal.format(Math.abs(value))} points`;

/** A count: whole when it is, one decimal when fractional by construction (a recapture's cases). */
export const countWords = (value: number) =>
  Number.isInteger(value) ? whole.format(value) : oneDecimal.format(value);

/** "1 case", "1,234 cases". */
export const casesWords = (value: number) => `${countWords(value)} ${value === 1 ? "case" : "cases"}`;

/** Dollars abbreviated: "$950", "$13.5k", "$412k", "$1.2M" (a minus sign before the dollar). */
export function dollarWords(value: number) {
  const size = Math.abs(value);
  const sign = value < 0 ? "-" : "";
  if (size >= 999_500) return `${sign}$${oneDecimal.format(size / 1_000_000)}M`;
  if (size >= 99_950) return `${sign}$${whole.format(size / 1_000)}k`;
  if (size >= 999.5) return `${sign}$${oneDecimal.format(size / 1_000)}k`;
  return `${sign}$${whole.format(size)}`;
}

/**
 * A change in words: "up 3.1 points", "down 12.0%", or "unchanged" when it rounds to nothing.
 * `unit` writes the size (pointsWords, percentWords).
 */
export function changeWords(value: number, unit: (size: number) => string) {
  if (Math.abs(value) < 0.05) return "unchanged";
  return `${value > 0 ? "up" : "down"} ${unit(Math.abs(value))}`;
}

/** A signed count: "+41", "-3". */
export const signedWords = (value: number) =>
  `${value > 0 ? "+" : value < 0 ? "-" : ""}${countWords(Math.abs(value))}`;

/** Items joined as a sentence says them: "a", "a and b", "a, b and c". */
export function listWords(items: readonly string[]) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The chosen service-area types: "PSA", "PSA and SSA". */
export const areaWords = (types: readonly string[]) =>
  listWords(SERVICE_AREA_TYPES.filter((type) => types.includes(type)));

/** The cases of the chosen lines: "surgical cases" for all, else "Spine and Trauma cases" (up to three). */
export function linesCasesWords(lines: readonly string[]) {
  if (SERVICE_LINES.every((line) => lines.includes(line))) return "surgical cases";
  if (lines.length > 3) return `cases of the ${lines.length} chosen service lines`;
  return `${listWords(lines.map((line) => SERVICE_LINE_LABELS[line as ServiceLine] ?? line))} cases`;
}
