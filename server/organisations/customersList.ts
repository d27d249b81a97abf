/**
 * The customers list and the org_year_dict of the back office (POST .../admin/organization/ with
 * {} or {year}): every organisation at once, in five queries whatever their number.
 */
import { asc, count } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { customerUsers, organisations, organisationYears } from "../db/schema/index.ts";
import { adminYearLists, type YearRow, yearTask, yearTasks } from "./adminYears.ts";
import { fullAddress } from "./present.ts";
import { loadYearRows, snapshotsOf, yearKey } from "./yearState.ts";

/** INITIALIZATION until staff initialise a year, then ACTIVE (admin-area.md section 4). */
export const organisationStatus = (initialized: boolean) => (initialized ? "ACTIVE" : "INITIALIZATION");

async function everyOrganisation(db: Db) {
  const [organisationRows, userCounts, yearRows] = await Promise.all([
    db.select().from(organisations).orderBy(asc(organisations.name)),
    db
      .select({ organisationId: customerUsers.organisationId, users: count() })
      .from(customerUsers)
      .groupBy(customerUsers.organisationId),
    db.select().from(organisationYears),
  ]);
  const usersOf = new Map(userCounts.map((row) => [row.organisationId, Number(row.users)]));
  const yearsOf = new Map<string, YearRow[]>();
  for (const row of yearRows) {
    yearsOf.set(row.organisationId, [...(yearsOf.get(row.organisationId) ?? []), row]);
  }
  return { organisationRows, usersOf, yearsOf };
}

export async function customersList(db: Db) {
  const [{ organisationRows, usersOf, yearsOf }, yearStateRows] = await Promise.all([
    everyOrganisation(db),
    loadYearRows(db, {}),
  ]);
  const snapshots = snapshotsOf(yearStateRows);
  return organisationRows.map((organisation) => {
    const years = yearsOf.get(organisation.id) ?? [];
    return {
      id: organisation.id,
      name: organisation.name,
      full_address: fullAddress(organisation.address, organisation.locale, organisation.localeZip),
      users: usersOf.get(organisation.id) ?? 0,
      status: organisationStatus(organisation.initialized),
      initialized: organisation.initialized,
      agreement_accepted: organisation.agreementAccepted,
      ...adminYearLists(years),
      ...yearTasks(organisation.id, years, snapshots),
    };
  });
}

/** For every organisation, where `year` stands: keyed by organisation id. */
export async function organisationYearDict(db: Db, year: number) {
  const [{ organisationRows, yearsOf }, yearStateRows] = await Promise.all([
    everyOrganisation(db),
    loadYearRows(db, { year }),
  ]);
  const snapshots = snapshotsOf(yearStateRows);
  return Object.fromEntries(
    organisationRows.map((organisation) => {
      const row = yearsOf.get(organisation.id)?.find((candidate) => candidate.year === year);
      const task = row ? yearTask(row, snapshots.get(yearKey(organisation.id, year))) : undefined;
      return [
        organisation.id,
        {
          name: organisation.name,
          status: organisationStatus(organisation.initialized),
          has_year: row !== undefined,
          progress: task?.progress ?? 0,
          progress_detail: task?.progress_detail ?? null,
          enabled: row?.enabled ?? false,
          prelaunched: row?.prelaunched ?? false,
          file_state: row?.fileState ?? null,
        },
      ];
    }),
  );
}
