/**
 * What a run of an organisation needs before its cache key is known (its years, versions,
 * dimensions, files), remembered between runs. A cached answer then costs one database query: a
 * fingerprint of every row resolveInputs reads (organisation_years, market upload versions,
 * providers, facilities, locations, service areas) computed in SQL, plus a stat of the files.
 * While the fingerprint and the file stamps are unchanged, the resolved inputs are reused; any
 * change (an upload, a service-area edit, a new provider) changes the fingerprint, so the next run
 * resolves again, in this process or any other sharing the database.
 *
 * With the process's live hub (a server process), the snapshot itself is kept for up to
 * DATA_CACHE_SECONDS without that query: every writer of those rows calls notifyDataChanged
 * (dataChanges.ts) after its commit, which drops it here at once and in every other process through
 * NOTIFY. The fingerprint query then runs once per organisation per DATA_CACHE_SECONDS at most, the
 * bound on staleness should a NOTIFY be missed. A cached answer makes no database query at all.
 */

import { boundedCache } from "../caches/bounded.ts";
import { currentCacheLimits } from "../caches/limits.ts";
import type { Database } from "../db/client.ts";
import type { LiveHub } from "../live/hub.ts";
import { ProcessCache, perHub } from "../live/processCache.ts";
import { DATA_TOPIC } from "./dataChanges.ts";
import { dropHeldValuesOf } from "./derived/heldKept.ts";
import { fileStamps } from "./derived/versionedFiles.ts";
import {
  type HeldVersion,
  heldVersionFor,
  marketFiles,
  type OrganisationYears,
  organisationYearsOf,
  type ResolvedInputs,
  resolveInputs,
  type YearAudience,
} from "./organisationInputs.ts";
import { retireSchemasOf } from "./orgYearSchemas.ts";

/** Keep in step with organisationDimensions / organisationYearsOf / marketVersions: every column they read. */
const FINGERPRINT_SQL = `
SELECT
  (SELECT count(*) FROM organisations WHERE id = $1)::int AS found,
  (SELECT string_agg(year || ':' || file_state || ':' || data_version || ':' || enabled::text
       || ':' || prelaunched::text || ':' || coalesce(held_version_id::text, ''), ',' ORDER BY year)
     FROM organisation_years WHERE organisation_id = $1) AS years,
  (SELECT string_agg(year || ':' || kind || ':' || data_version, ',' ORDER BY year, kind, data_version)
     FROM advisory_board_uploads WHERE state = 'accepted') AS market,
  (SELECT md5(string_agg(npi || ':' || full_name, ',' ORDER BY npi, full_name))
     FROM providers WHERE organisation_id = $1) AS providers,
  (SELECT md5(string_agg(id || ':' || npi || ':' || name || ':' || physical_locale_zip || ':'
       || coalesce(lat::text, '') || ':' || coalesce(lon::text, ''), ',' ORDER BY id))
     FROM facilities WHERE organisation_id = $1) AS facilities,
  (SELECT md5(string_agg(facility_id || ':' || name || ':' || physical_locale_zip || ':'
       || coalesce(lat::text, '') || ':' || coalesce(lon::text, ''), ',' ORDER BY id))
     FROM facility_locations WHERE organisation_id = $1) AS locations,
  (SELECT md5(string_agg(year || ':' || zipcode || ':' || type, ',' ORDER BY year, zipcode, type))
     FROM service_areas WHERE organisation_id = $1) AS areas`;

interface Snapshot {
  organisationId: string;
  fingerprint: string;
  years: OrganisationYears;
  /** Market files present per year when the years were read (availability depends on them). */
  marketStamp: string;
  /** When marketStamp was last compared with the warehouse (performance.now()). */
  marketCheckedAt: number;
  /** Per year, and per year's held version ("2025" and "2025:held"). */
  resolved: Map<string, { inputs: ResolvedInputs; stamp: string; checkedAt: number }>;
}

/** The last snapshot per data folder and organisation, least recently used dropped first. */
const snapshotCache = (entries = currentCacheLimits().snapshotEntries) =>
  boundedCache<Snapshot>({ name: "snapshots", max: entries });
let snapshots = snapshotCache();

/**
 * How long a snapshot answers without its fingerprint query when no change was notified (a process
 * that lost its listening connection drops them all when it listens again). It was 5 s: with 500
 * organisations each read every few seconds, most runs then paid the fingerprint query.
 */
export const DATA_CACHE_SECONDS = 60;
/**
 * The warehouse files a snapshot read are stat()ed again at most this often. An upload changes them
 * and notifies (a new snapshot, fresh stamps); this catches files written outside an upload (CLI
 * tools, fixtures) within a second, without a dozen system calls on every cached answer.
 */
export const FILE_CHECK_MS = 1000;

const freshSnapshotsOf = perHub((hub) => {
  // The values kept per data version and held in memory (prepared rows, flows, slices) and the
  // DuckDB schemas of an organisation whose data changed are dropped with its snapshot, in every
  // process.
  hub.onInvalidation((message) => {
    if (message.topic !== DATA_TOPIC) return;
    dropHeldValuesOf(message.key);
    retireSchemasOf(message.key);
  });
  return new ProcessCache<Snapshot>(hub, {
    topic: DATA_TOPIC,
    ttlMs: DATA_CACHE_SECONDS * 1000,
    capacity: currentCacheLimits().snapshotEntries,
    name: "freshSnapshots",
    matches: (snapshot, organisationId) => snapshot.organisationId === organisationId,
  });
});

/** One indexed query: the organisation's fingerprint, or null when it does not exist. */
async function fingerprintOf(database: Pick<Database, "execute">, organisationId: string) {
  const [row] = await database.execute<Record<string, unknown>>(FINGERPRINT_SQL, [organisationId]);
  if (!row || Number(row.found) === 0) return null;
  return JSON.stringify([row.years, row.market, row.providers, row.facilities, row.locations, row.areas]);
}

const stampOf = (resolved: ResolvedInputs) => {
  const { files } = resolved.inputs;
  return fileStamps([
    ...files.marketCases,
    ...files.marketCasesReference,
    ...files.practiceLines,
    ...(files.demographics ?? []),
  ]);
};

export interface OrganisationSnapshot {
  years: OrganisationYears;
  /**
   * The inputs of a year as the audience reads it (resolved once per fingerprint and file version):
   * its held version for those who read that (organisationInputs.heldVersionFor), else its data now.
   */
  resolve(year: number, audience?: YearAudience): Promise<ResolvedInputs & { held?: HeldVersion }>;
}

/**
 * The organisation's snapshot, or null when it does not exist. With `live` (the process's hub) a
 * snapshot notified as unchanged answers without the fingerprint query.
 */
export async function organisationSnapshot(
  database: Pick<Database, "db" | "execute">,
  dataDir: string,
  organisationId: string,
  live?: LiveHub,
): Promise<OrganisationSnapshot | null> {
  const key = `${dataDir}|${organisationId}`;
  const fresh = live ? freshSnapshotsOf(live) : undefined;
  const known = fresh?.get(key);
  if (known && marketUnchanged(dataDir, known)) return viewOf(database, dataDir, known);
  // Taken before the reads: a change notified while they run keeps their result out of the cache.
  const ticket = fresh?.ticket() ?? 0;
  const fingerprint = await fingerprintOf(database, organisationId);
  if (fingerprint === null) {
    snapshots.delete(key);
    fresh?.delete(key);
    return null;
  }
  let snapshot = snapshots.get(key);
  // Which years are available also depends on market files present in the warehouse.
  const marketStamp = marketPresence(dataDir, snapshot);
  if (!snapshot || snapshot.fingerprint !== fingerprint || snapshot.marketStamp !== marketStamp) {
    const years = await organisationYearsOf(database.db, dataDir, organisationId);
    snapshot = {
      organisationId,
      fingerprint,
      years,
      marketStamp: marketPresence(dataDir, undefined, years),
      marketCheckedAt: performance.now(),
      resolved: new Map(),
    };
    snapshots.set(key, snapshot);
  }
  fresh?.set(key, snapshot, ticket);
  return viewOf(database, dataDir, snapshot);
}

function viewOf(database: Pick<Database, "db">, dataDir: string, current: Snapshot): OrganisationSnapshot {
  const { organisationId } = current;
  return {
    years: current.years,
    async resolve(year, audience) {
      const held = heldVersionFor(current.years, audience, year);
      const key = held ? `${year}:held` : String(year);
      const withHeld = (inputs: ResolvedInputs) => (held ? { ...inputs, held } : inputs);
      const known = current.resolved.get(key);
      // Files written outside an upload (CLI, fixtures) change the stamps, not the fingerprint.
      const now = performance.now();
      if (known && now - known.checkedAt < FILE_CHECK_MS) return withHeld(known.inputs);
      if (known && safeStamp(known.inputs) === known.stamp) {
        known.checkedAt = now;
        return withHeld(known.inputs);
      }
      const inputs = await resolveInputs(database.db, dataDir, organisationId, year, current.years, held);
      current.resolved.set(key, { inputs, stamp: stampOf(inputs), checkedAt: performance.now() });
      return withHeld(inputs);
    },
  };
}

/** The warehouse still has the market files the snapshot's years were read with (checked at most every FILE_CHECK_MS). */
function marketUnchanged(dataDir: string, snapshot: Snapshot) {
  const now = performance.now();
  if (now - snapshot.marketCheckedAt < FILE_CHECK_MS) return true;
  if (marketPresence(dataDir, snapshot) !== snapshot.marketStamp) return false;
  snapshot.marketCheckedAt = now;
  return true;
}

function safeStamp(resolved: ResolvedInputs) {
  try {
    return stampOf(resolved);
  } catch {
    return "";
  }
}

/** Which of the organisation's years have market files (checked with one existsSync per year). */
function marketPresence(dataDir: string, snapshot?: Snapshot, years?: OrganisationYears) {
  const known = years ?? snapshot?.years;
  if (!known) return "";
  return [...known.practiceVersion.keys()]
    .sort()
    .map((year) => `${year}:${marketYearPresent(dataDir, year)}`)
    .join(",");
}

const marketYearPresent = (dataDir: string, year: number) => marketFiles(dataDir, year).length;

/** Forgets every snapshot (tests); with `entries`, keeps that many from now on (tests past the bound). */
export function clearOrganisationSnapshots(entries?: number) {
  snapshots = snapshotCache(entries);
}

/** Whether the organisation's snapshot is kept (tests of the bound). */
export function snapshotKept(dataDir: string, organisationId: string) {
  return snapshots.has(`${dataDir}|${organisationId}`);
}
