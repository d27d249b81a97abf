/**
 * One customer as the back office's overview reads it (POST .../admin/organization/ {id}): the
 * customer-side organisation (present.ts) with, per year, its progress, file and service area, and
 * the queries usage for the overview chart.
 */

import { and, asc, eq, sql, sum } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { organisationYears, practiceUploads, queryUsageLog, serviceAreas } from "../db/schema/index.ts";
import { rejectedRowsUrl } from "../ingest/versions.ts";
import { adminYearLists, type YearRow, yearTask } from "./adminYears.ts";
import { organisationStatus } from "./customersList.ts";
import { organisationView } from "./present.ts";
import { loadYearRows, snapshotsOf, yearKey } from "./yearState.ts";

type Organisation = Parameters<typeof organisationView>[1];
type ServiceAreaRow = typeof serviceAreas.$inferSelect;
type NamedUpload = Pick<typeof practiceUploads.$inferSelect, "id" | "originalName" | "rejectedRowsName">;

/** Where staff send a practice file for the customer (multipart: files, years, organization). */
export const PRACTICE_FILE_URL = "/api/management/customer/file/";

export const serviceAreaView = (row: ServiceAreaRow) => ({
  id: row.id,
  zipcode: row.zipcode,
  type: row.type,
  year: row.year,
  checked: row.checked,
  available: row.available,
});

/** The year's file panel: uploaded, need_update (staff may send one), or waiting for the customer. */
export function fileView(row: YearRow, accepted: NamedUpload | undefined) {
  return {
    uploaded: row.fileState === "uploaded",
    state: row.fileState,
    need_update: row.fileState === "need_update",
    url: PRACTICE_FILE_URL,
    name: accepted?.originalName ?? null,
    rows: row.rows,
    uploaded_at: row.uploadedAt?.toISOString() ?? null,
    /** Section 9 warnings of the current version, and the rows its upload set aside on request. */
    warnings: row.warnings,
    skipped_rows: row.skippedRows,
    rejected_rows_url: accepted?.rejectedRowsName ? rejectedRowsUrl(accepted.id) : null,
  };
}

/**
 * Runs per day and analysis (UTC days): the overview chart, one series per analysis. A usage row
 * stands for `runs` runs (server/engine/usage.ts).
 */
export async function queriesUsage(db: Db, organisationId: string) {
  const day = sql<string>`to_char(${queryUsageLog.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, querie: queryUsageLog.querie, count: sum(queryUsageLog.runs) })
    .from(queryUsageLog)
    .where(eq(queryUsageLog.organisationId, organisationId))
    .groupBy(day, queryUsageLog.querie)
    .orderBy(asc(day), asc(queryUsageLog.querie));
  return rows.map((row) => ({ date: row.date, querie: row.querie, count: Number(row.count) }));
}

export async function yearRowsOf(db: Db, organisationId: string) {
  return db
    .select()
    .from(organisationYears)
    .where(eq(organisationYears.organisationId, organisationId))
    .orderBy(asc(organisationYears.year));
}

/**
 * The year's first accepted upload, which its file panel names (and links its set-aside rows of).
 * One row read, however many uploads the organisation has made (each upload adds one, without
 * bound): the database finds it, rather than the whole list coming back to be searched here.
 */
export async function acceptedUploadOf(db: Db, organisationId: string, year: number) {
  const [row] = await db
    .select({
      id: practiceUploads.id,
      originalName: practiceUploads.originalName,
      rejectedRowsName: practiceUploads.rejectedRowsName,
    })
    .from(practiceUploads)
    .where(
      and(
        eq(practiceUploads.organisationId, organisationId),
        eq(practiceUploads.state, "accepted"),
        sql`${practiceUploads.years} @> ${JSON.stringify([year])}::jsonb`,
      ),
    )
    .orderBy(asc(practiceUploads.createdAt))
    .limit(1);
  return row;
}

export async function organisationDetail(db: Db, organisation: Organisation) {
  const id = organisation.id;
  const [view, years, yearStateRows, areaRows, usage] = await Promise.all([
    organisationView(db, organisation),
    yearRowsOf(db, id),
    loadYearRows(db, { organisationIds: [id] }),
    db
      .select()
      .from(serviceAreas)
      .where(eq(serviceAreas.organisationId, id))
      .orderBy(asc(serviceAreas.zipcode)),
    queriesUsage(db, id),
  ]);
  const uploads = await Promise.all(years.map((row) => acceptedUploadOf(db, id, row.year)));
  const snapshots = snapshotsOf(yearStateRows);
  const datas = Object.fromEntries(
    years.map((row, index) => {
      const task = yearTask(row, snapshots.get(yearKey(id, row.year)));
      const snapshot = snapshots.get(yearKey(id, row.year));
      return [
        String(row.year),
        {
          ...task,
          questionnaire: snapshot?.questionnaire ? { state: snapshot.questionnaire } : null,
          file: fileView(row, uploads[index]),
          service_area: areaRows.filter((area) => area.year === row.year).map(serviceAreaView),
        },
      ];
    }),
  );
  return {
    ...view,
    status: organisationStatus(organisation.initialized),
    ...adminYearLists(years),
    progress: Object.fromEntries(Object.entries(datas).map(([year, data]) => [year, data.progress])),
    datas,
    queries_usage: usage,
  };
}
