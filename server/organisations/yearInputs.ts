/**
 * The versions of what a year's results are computed from (issue 24's "one model of a year's
 * state"). Every validation and generated result records the versions it read (`inputs`); it is
 * out of date exactly when one of them differs from the year's current version. Nothing marks a
 * result out of date by hand: a new upload, a restore, a profile or service-area edit, a market
 * upload or a changed questionnaire changes a version, and every result that read it follows.
 *
 * - data: organisation_years.data_version (bumped by every accepted upload and every restore);
 * - market: the sum of the year's accepted market uploads' versions (one per kind, each only grows);
 * - profile: organisations.profile_revision (bumped by every facility, location or provider write);
 * - area: organisation_years.area_revision (bumped by every service-area write);
 * - questionnaire: questionnaires.revision (bumped when the answers change; the scoring reads it).
 */
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  advisoryBoardUploads,
  organisations,
  organisationYears,
  questionnaires,
  type StampedInputs,
} from "../db/schema/index.ts";

export type { StampedInputs };
export type InputKey = keyof StampedInputs;

/** What every validation and generator reads; the scoring reads the questionnaire too. */
const COMMON_KEYS: InputKey[] = ["data", "market", "profile", "area"];
const SCORING_KEYS: InputKey[] = [...COMMON_KEYS, "questionnaire"];

export const inputKeysOf = (kind: "validation" | "SC" | "MC" | "MP" | "SCORING"): InputKey[] =>
  kind === "SCORING" ? SCORING_KEYS : COMMON_KEYS;

/** Words for what changed, in the order a reader checks them ("the practice data changed"). */
const CHANGE_WORDS: Record<InputKey, string> = {
  data: "the practice data",
  market: "the market data",
  profile: "the practice profile",
  area: "the service area",
  questionnaire: "the questionnaire",
};

/** The inputs whose version differs (none: up to date; a result never stamped differs in all). */
export function changedInputs(
  stamp: StampedInputs | null | undefined,
  current: StampedInputs,
  keys: InputKey[],
): InputKey[] {
  if (!stamp) return keys;
  return keys.filter((key) => (stamp[key] ?? 0) !== (current[key] ?? 0));
}

/** "the practice data and the service area changed since it ran" */
export const changeWords = (changed: InputKey[]) =>
  `${changed.map((key) => CHANGE_WORDS[key]).join(" and ")} changed since`;

export interface InputsFilter {
  organisationIds?: string[];
  year?: number;
}

export const yearKey = (organisationId: string, year: number) => `${organisationId}:${year}`;

/**
 * The current input versions of many organisation years at once (four queries whatever their
 * number), by `organisationId:year`; a year without a row has none.
 */
export async function currentInputsOf(db: Db, filter: InputsFilter): Promise<Map<string, StampedInputs>> {
  const result = new Map<string, StampedInputs>();
  if (filter.organisationIds?.length === 0) return result;
  const parts: SQL[] = [];
  if (filter.organisationIds) parts.push(inArray(organisationYears.organisationId, filter.organisationIds));
  if (filter.year !== undefined) parts.push(eq(organisationYears.year, filter.year));
  const questionnaireParts: SQL[] = [];
  if (filter.organisationIds)
    questionnaireParts.push(inArray(questionnaires.organisationId, filter.organisationIds));
  if (filter.year !== undefined) questionnaireParts.push(eq(questionnaires.year, filter.year));
  const [years, market, questionnaireRows] = await Promise.all([
    db
      .select({
        organisationId: organisationYears.organisationId,
        year: organisationYears.year,
        data: organisationYears.dataVersion,
        area: organisationYears.areaRevision,
        profile: organisations.profileRevision,
      })
      .from(organisationYears)
      .innerJoin(organisations, eq(organisations.id, organisationYears.organisationId))
      .where(parts.length > 0 ? and(...parts) : undefined),
    db
      .select({
        year: advisoryBoardUploads.year,
        version: sql<number>`coalesce(sum(${advisoryBoardUploads.dataVersion}), 0)`,
      })
      .from(advisoryBoardUploads)
      .where(
        and(
          eq(advisoryBoardUploads.state, "accepted"),
          filter.year !== undefined ? eq(advisoryBoardUploads.year, filter.year) : undefined,
        ),
      )
      .groupBy(advisoryBoardUploads.year),
    db
      .select({
        organisationId: questionnaires.organisationId,
        year: questionnaires.year,
        revision: questionnaires.revision,
      })
      .from(questionnaires)
      .where(questionnaireParts.length > 0 ? and(...questionnaireParts) : undefined),
  ]);
  const marketOf = new Map(market.map((row) => [row.year, Number(row.version)]));
  const questionnaireOf = new Map(
    questionnaireRows.map((row) => [yearKey(row.organisationId, row.year), row.revision]),
  );
  for (const row of years) {
    const key = yearKey(row.organisationId, row.year);
    result.set(key, {
      data: row.data,
      market: marketOf.get(row.year) ?? 0,
      profile: row.profile,
      area: row.area,
      questionnaire: questionnaireOf.get(key) ?? 0,
    });
  }
  return result;
}

/** The current input versions of one organisation year (all zero for a year without a row). */
export async function currentInputs(db: Db, organisationId: string, year: number): Promise<StampedInputs> {
  const inputs = await currentInputsOf(db, { organisationIds: [organisationId], year });
  return (
    inputs.get(yearKey(organisationId, year)) ?? { data: 0, market: 0, profile: 0, area: 0, questionnaire: 0 }
  );
}

/** The bumps, inside the writing transaction so the change and its version commit together. */
export const bumpProfileRevision = (tx: Db, organisationId: string) =>
  tx
    .update(organisations)
    .set({ profileRevision: sql`${organisations.profileRevision} + 1` })
    .where(eq(organisations.id, organisationId));

export const bumpAreaRevision = (tx: Db, organisationId: string, year: number) =>
  tx
    .update(organisationYears)
    .set({ areaRevision: sql`${organisationYears.areaRevision} + 1` })
    .where(and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, year)));
