import { and, eq } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import { schemeResults, validations } from "../../server/db/schema/index.ts";

/**
 * The year's six core items, in the order the year-detail screen lists them: three validations that
 * must be valid, and three generated schemes that must be done (admin-area.md section 4).
 */
export const coreItems = [
  { key: "facility_validation", label: "Facility validation", table: "validations", type: "facility" },
  { key: "provider_validation", label: "Provider validation", table: "validations", type: "provider" },
  { key: "global_validation", label: "Global validation", table: "validations", type: "global" },
  { key: "service_capabilities", label: "Service capabilities", table: "scheme_results", type: "SC" },
  { key: "macro_capabilities", label: "Macro capabilities", table: "scheme_results", type: "MC" },
  { key: "market_profile", label: "Market profile", table: "scheme_results", type: "MP" },
] as const;

export interface CoreItemsStatus {
  complete: boolean;
  /** Labels of the items still missing, for the refusal's detail and the screen. */
  missing: string[];
}

/**
 * Whether staff may open the year's questionnaire: the 'Allow user' button shows only when the six
 * core items are complete. A validation counts when `valid` (a done-but-not-valid one still needs
 * 'Validate anyway'); a scheme counts when its generation finished with status 'done'.
 */
export async function coreItemsOfYear(
  db: Db,
  organisationId: string,
  year: number,
): Promise<CoreItemsStatus> {
  const [validRows, doneRows] = await Promise.all([
    db
      .select({ type: validations.type })
      .from(validations)
      .where(
        and(
          eq(validations.organisationId, organisationId),
          eq(validations.year, year),
          eq(validations.valid, true),
        ),
      ),
    db
      .select({ kind: schemeResults.kind })
      .from(schemeResults)
      .where(
        and(
          eq(schemeResults.organisationId, organisationId),
          eq(schemeResults.year, year),
          eq(schemeResults.status, "done"),
        ),
      ),
  ]);
  const present = new Set<string>([
    ...validRows.map((row) => `validations:${row.type}`),
    ...doneRows.map((row) => `scheme_results:${row.kind}`),
  ]);
  const missing = coreItems
    .filter((item) => !present.has(`${item.table}:${item.type}`))
    .map((item) => item.label);
  return { complete: missing.length === 0, missing };
}
