/**
 * The version staff enable, in figures (rows, validation verdicts, the score, the practice's volume
 * per market-profile section), kept on the year when they enable it; and what new data changed
 * against it, which the year detail shows after a refresh so that staff can enable with one look.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { organisationYears } from "../db/schema/index.ts";
import type { ValidationType } from "../schemes/catalogue.ts";
import type { ReviewedSummary } from "./refreshShapes.ts";
import { loadYearRows, type YearRows } from "./yearState.ts";

type Verdict = ReviewedSummary["validations"][ValidationType];
const VALIDATIONS: ValidationType[] = ["facility", "provider", "global"];

function verdictOf(rows: YearRows, type: ValidationType): Verdict {
  const row = rows.validations.find((candidate) => candidate.type === type);
  if (!row?.done) return "not run";
  return row.valid ? "valid" : "problems";
}

/** The practice's own volume per section of the market profile (sections without one left out). */
function volumesOf(rows: YearRows): Record<string, number> {
  const profile = rows.schemes.find((row) => row.kind === "MP" && row.status === "done")?.result;
  if (!profile || typeof profile !== "object") return {};
  return Object.fromEntries(
    Object.entries(profile as Record<string, { practice_volume?: unknown }>).flatMap(([section, figures]) =>
      typeof figures?.practice_volume === "number" ? [[section, figures.practice_volume]] : [],
    ),
  );
}

/** The figures of a year as its rows stand (`rows`: the year's results, loaded once by the caller). */
export function summaryOf(
  year: typeof organisationYears.$inferSelect,
  rows: YearRows,
  now: Date,
): ReviewedSummary {
  const scoring = rows.schemes.find((row) => row.kind === "SCORING" && row.status === "done")?.result as
    | Record<string, unknown>
    | undefined;
  const scores = Object.fromEntries(
    Object.entries(scoring ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === "number"),
  );
  return {
    version_id: year.currentVersionId,
    data_version: year.dataVersion,
    rows: year.rows,
    enabled_at: now.toISOString(),
    score: typeof scoring?.total === "number" ? scoring.total : null,
    ...(scoring ? { scores } : {}),
    validations: Object.fromEntries(
      VALIDATIONS.map((type) => [type, verdictOf(rows, type)]),
    ) as ReviewedSummary["validations"],
    volumes: volumesOf(rows),
  };
}

export async function summariseYear(db: Db, year: typeof organisationYears.$inferSelect, now: Date) {
  return summaryOf(
    year,
    await loadYearRows(db, { organisationIds: [year.organisationId], year: year.year }),
    now,
  );
}

export interface ReviewChange {
  /** What is compared: "Rows", "Score", "Facility validation", a market-profile section. */
  what: string;
  before: number | string | null;
  after: number | string | null;
}

/** What differs between the enabled version and the data now (only what changed). */
export function reviewChanges(reviewed: ReviewedSummary, now: ReviewedSummary): ReviewChange[] {
  const changes: ReviewChange[] = [];
  const compare = (what: string, before: number | string | null, after: number | string | null) => {
    if (before !== after) changes.push({ what, before, after });
  };
  compare("Rows", reviewed.rows, now.rows);
  for (const type of VALIDATIONS) {
    compare(
      `${type[0]!.toUpperCase()}${type.slice(1)} validation`,
      reviewed.validations[type],
      now.validations[type],
    );
  }
  const sections = [...new Set([...Object.keys(reviewed.volumes), ...Object.keys(now.volumes)])].sort();
  for (const section of sections) {
    compare(`${section}: practice volume`, reviewed.volumes[section] ?? null, now.volumes[section] ?? null);
  }
  compare("Strategic Vitality Score", reviewed.score, now.score);
  return changes;
}

export async function findYearRow(db: Db, organisationId: string, year: number) {
  const [row] = await db
    .select()
    .from(organisationYears)
    .where(and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, year)));
  return row;
}
