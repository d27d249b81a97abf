import { z } from "zod";

export const YEAR_MESSAGE = "must be exactly 4 digits (e.g. 2024)";

/** A year as the screens send it: 2024 or "2024"; exactly 4 digits (admin-area.md section 5). */
export const fourDigitYear = z.preprocess(
  // Typed as sent (2024 or "2024") for the web's request types; any other value is refused below.
  (value: number | string) =>
    typeof value === "string" && /^\d{4}$/.test(value.trim()) ? Number(value.trim()) : value,
  z.number({ error: YEAR_MESSAGE }).int(YEAR_MESSAGE).min(1000, YEAR_MESSAGE).max(9999, YEAR_MESSAGE),
);

/**
 * The years a new organisation year may be made for (an upload's years, staff's request): from
 * FIRST_DATA_YEAR to next year. Claims data older than 2000 is not analysed, and a year beyond next
 * year has no data yet; a typo (0000, 5999) would otherwise leave a year row nobody can use.
 */
export const FIRST_DATA_YEAR = 2000;
export const lastDataYear = (now = new Date()) => now.getUTCFullYear() + 1;
export const dataYearMessage = (now = new Date()) =>
  `must be a year from ${FIRST_DATA_YEAR} to ${lastDataYear(now)}`;
export const isDataYear = (year: number, now = new Date()) =>
  Number.isInteger(year) && year >= FIRST_DATA_YEAR && year <= lastDataYear(now);

/** fourDigitYear, held to the data years (the request's year). */
export const dataYear = fourDigitYear.superRefine((year, context) => {
  // A value that is not 4 digits already has its error (YEAR_MESSAGE): one error per field.
  if (typeof year === "number" && year >= 1000 && year <= 9999 && !isDataYear(year)) {
    context.addIssue({ code: "custom", message: dataYearMessage() });
  }
});
