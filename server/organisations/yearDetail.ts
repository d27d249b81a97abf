/**
 * The full data of one organisation year (admin-area.md section 3, "Per-year data"), as the year
 * detail screen reads it (POST .../admin/organization/ {full: true, id, year}).
 */

import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { providers, type schemeResults, serviceAreas, type validations } from "../db/schema/index.ts";
import { versionsOf } from "../ingest/versions.ts";
import { schemeView, validationView } from "../schemes/present.ts";
import { withVerdicts } from "../schemes/rowVerdicts.ts";
import { progressView, type YearRow } from "./adminYears.ts";
import { acceptedUploadOf, fileView, serviceAreaView } from "./organisationDetail.ts";
import { facilityViewsOf, providerView } from "./profileViews.ts";
import { reviewChanges, summaryOf } from "./reviewedSummary.ts";
import { yearActions } from "./yearActions.ts";
import { missingDataOf } from "./yearData.ts";
import { emptySnapshot, yearProgress } from "./yearProgress.ts";
import { loadYearRows, snapshotsOf, yearKey } from "./yearState.ts";

type ValidationRow = typeof validations.$inferSelect;
type SchemeRow = typeof schemeResults.$inferSelect;

/** The year detail's first page of versions, and the cursor of the next (GET .../year-version/). */
const versionsField = (page: Awaited<ReturnType<typeof versionsOf>>) => ({
  versions: page.versions,
  versions_next_cursor: page.nextCursor,
});

export async function yearDetail(db: Db, dataDir: string, organisationId: string, yearRow: YearRow) {
  const year = yearRow.year;
  const missingData = missingDataOf(dataDir, year, yearRow);
  const [facilityViews, providerRows, areaRows, stateRows, accepted] = await Promise.all([
    facilityViewsOf(db, organisationId),
    db
      .select()
      .from(providers)
      .where(eq(providers.organisationId, organisationId))
      .orderBy(asc(providers.fullName)),
    db
      .select()
      .from(serviceAreas)
      .where(and(eq(serviceAreas.organisationId, organisationId), eq(serviceAreas.year, year)))
      .orderBy(asc(serviceAreas.zipcode)),
    loadYearRows(db, { organisationIds: [organisationId], year }),
    acceptedUploadOf(db, organisationId, year),
  ]);
  const snapshot = snapshotsOf(stateRows).get(yearKey(organisationId, year)) ?? emptySnapshot();
  const progress = yearProgress(snapshot);
  const validationOf = (type: ValidationRow["type"]) =>
    validationView(
      stateRows.validations.find((row) => row.type === type),
      Boolean(snapshot.validations[type]?.outdated),
    );
  const schemeOf = (kind: SchemeRow["kind"]) =>
    schemeView(
      stateRows.schemes.find((row) => row.kind === kind),
      Boolean(snapshot.schemes[kind]?.outdated),
    );
  const questionnaire = stateRows.questionnaires[0];
  return {
    year,
    enabled: yearRow.enabled,
    requested: yearRow.requested,
    prelaunched: yearRow.prelaunched,
    service_area: areaRows.map(serviceAreaView),
    // Every form field too, so the year detail's edit action fills the facility and provider forms.
    // Each row with this year's own verdict (not_validated before this year's validation reviewed it).
    facilities: withVerdicts(facilityViews, validationOf("facility")?.note),
    providers: withVerdicts(
      providerRows.map((row) => ({ ...providerView(row), name: row.fullName })),
      validationOf("provider")?.note,
    ),
    validations: {
      facility: validationOf("facility"),
      provider: validationOf("provider"),
      global: validationOf("global"),
    },
    gates: yearActions({
      year,
      snapshot,
      hasServiceArea: areaRows.length > 0,
      missingData,
      enabled: yearRow.enabled,
    }),
    service_capabilities: schemeOf("SC"),
    macro_capabilities: schemeOf("MC"),
    market_profile: schemeOf("MP"),
    scoring: schemeOf("SCORING"),
    questionnaire: questionnaire ? { state: questionnaire.state } : null,
    file: fileView(yearRow, accepted),
    /** The customer replaced the reviewed data: the year is back in review until enabled again. */
    replaced: yearRow.replacedAt
      ? { at: yearRow.replacedAt.toISOString(), rows_before: yearRow.replacedRows, rows: yearRow.rows }
      : null,
    /** The refresh after that new data, and what changed against the version staff enabled last. */
    refresh: yearRow.refresh
      ? {
          ...yearRow.refresh,
          reviewed_at: yearRow.reviewed?.enabled_at ?? null,
          changes: yearRow.reviewed
            ? reviewChanges(yearRow.reviewed, summaryOf(yearRow, stateRows, new Date()))
            : null,
        }
      : null,
    /** The year's newest accepted versions (staff may restore an earlier one); more by page. */
    ...versionsField(
      await versionsOf(db, organisationId, year, {
        currentId: yearRow.currentVersionId,
        heldId: yearRow.heldVersionId,
      }),
    ),
    progress: progress.percent,
    progress_detail: { ...progressView(progress), items: progress.items },
  };
}
