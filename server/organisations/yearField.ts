import { z } from "zod";

export const YEAR_MESSAGE = "must be exactly 4 digits (e.g. 2024)";

/** A year as the screens send it: 2024 or "2024"; exactly 4 digits (admin-area.md section 5). */
export const fourDigitYear = z.preprocess(
  (value) => (typeof value === "string" && /^\d{4}$/.test(value.trim()) ? Number(value.trim()) : value),
  z.number({ error: YEAR_MESSAGE }).int(YEAR_MESSAGE).min(1000, YEAR_MESSAGE).max(9999, YEAR_MESSAGE),
);
