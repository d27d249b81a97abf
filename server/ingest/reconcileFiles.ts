/**
 * The practice files on disk and the database agree after any kill (issue 19, docs/crash-safety.md).
 *
 * The database is the truth: a year's current file (warehouse/practice/<org>/<year>/
 * practice_lines.parquet) is the kept file of its current version
 * (versions/<storage name>), a year without a current version has no current file, and a year
 * without a row has no folder. A change that moves files (upload, restore, remove-year) first
 * commits an intent row per year (file_intents), changes the files and the database, then makes
 * the year agree and removes its intents (`withFileIntents`). A process killed on the way leaves its
 * intents: at start the years they name are made to agree (`reconcilePracticeFiles`), and every
 * year with data is compared too. Each repair takes the year's lock, so it never meets a change of
 * the same year in flight in another process, bumps the year's data version (an answer computed
 * from the files in between is never read again) and is logged.
 */
import { randomUUID } from "node:crypto";
import { copyFileSync, existsSync, linkSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { type FileChange, fileIntents, organisationYears, practiceYearVersions } from "../db/schema/index.ts";
import { notifyDataChanged } from "../engine/dataChanges.ts";
import { sha256File } from "./pipeline.ts";
import { warehousePaths } from "./storage.ts";
import { isAlive } from "./sweep.ts";
import { lockTargets, lockUploadTargets } from "./targetLock.ts";

type Context = Pick<AppContext, "config" | "database" | "clock" | "live" | "logger">;

/** An intent of another host is repaired once this old (its process cannot be probed from here). */
const OTHER_HOST_GRACE_MS = 60 * 60 * 1000;

/**
 * Runs `change` (files switched in or out and recorded, for each of `years`) with a committed
 * intent per year first; afterwards, whether it succeeded or failed, each year's files are made to
 * agree with the database (a failed transaction leaves the old version's file, not the new one)
 * and the intents are removed. `agree` makes one year agree: a practice year of the organisation
 * by default; a market upload passes the market's (reconcileMarketFiles.ts).
 */
export async function withFileIntents<T>(
  context: Context,
  input: {
    organisationId: string;
    years: number[];
    change: FileChange;
    agree?: (year: number) => Promise<string | null>;
  },
  change: () => Promise<T>,
): Promise<T> {
  const { db } = context.database;
  const agree = input.agree ?? ((year: number) => reconcilePracticeYear(context, input.organisationId, year));
  const intents = await db
    .insert(fileIntents)
    .values(
      input.years.map((year) => ({
        organisationId: input.organisationId,
        year,
        change: input.change,
        ownerPid: process.pid,
        ownerHost: hostname(),
      })),
    )
    .returning({ id: fileIntents.id });
  let failed = false;
  try {
    return await change();
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    for (const year of input.years) {
      const repaired = await agree(year);
      if (repaired && failed) {
        const target = input.change === "market-upload" ? "market" : input.organisationId;
        context.logger.warn(`${input.change} of ${target}/${year} failed: ${repaired}`);
      }
    }
    await db.delete(fileIntents).where(
      inArray(
        fileIntents.id,
        intents.map((intent) => intent.id),
      ),
    );
  }
}

/**
 * Intents whose process is gone: on this host its pid is dead; on another host (its process cannot
 * be probed from here) it is older than an hour.
 */
export async function abandonedIntents(context: Context) {
  const now = context.clock.now().getTime();
  const intents = await context.database.db.select().from(fileIntents);
  return intents.filter((intent) =>
    intent.ownerHost === hostname()
      ? intent.ownerPid !== process.pid && !isAlive(intent.ownerPid)
      : now - intent.createdAt.getTime() > OTHER_HOST_GRACE_MS,
  );
}

/** Whether `current` holds the kept version's data: the same file (a hard link), else the same checksum. */
async function holdsVersion(current: string, kept: string, checksum: string) {
  if (!existsSync(current)) return false;
  const [a, b] = [statSync(current), existsSync(kept) ? statSync(kept) : undefined];
  if (b && a.ino === b.ino && a.dev === b.dev) return true;
  return (await sha256File(current)) === checksum;
}

/** Puts the kept file in as the current one: linked beside it, renamed over it (atomic). */
export function putBack(kept: string, current: string) {
  const beside = join(dirname(current), `.${randomUUID()}.tmp`);
  try {
    linkSync(kept, beside);
  } catch {
    copyFileSync(kept, beside);
  }
  renameSync(beside, current);
}

/**
 * Makes one practice year's files agree with the database, under the year's lock. Answers what it
 * repaired, or null when they agreed.
 */
export async function reconcilePracticeYear(
  context: Context,
  organisationId: string,
  year: number,
): Promise<string | null> {
  const { dataDir } = context.config;
  const current = warehousePaths.practiceLines(dataDir, organisationId, year);
  const yearDir = dirname(current);
  const repaired = await context.database.db.transaction(async (tx) => {
    await lockUploadTargets(tx, [lockTargets.practiceYear(organisationId, year)]);
    const [row] = await tx
      .select()
      .from(organisationYears)
      .where(and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, year)));
    if (!row) {
      if (!existsSync(yearDir)) return null;
      rmSync(yearDir, { recursive: true, force: true });
      return "removed the folder of a removed year";
    }
    const done: string[] = [];
    const versions = await tx
      .select()
      .from(practiceYearVersions)
      .where(
        and(eq(practiceYearVersions.organisationId, organisationId), eq(practiceYearVersions.year, year)),
      );
    const version = versions.find((candidate) => candidate.id === row.currentVersionId);
    if (version) {
      const kept = warehousePaths.practiceVersion(dataDir, organisationId, year, version.storageName);
      if (!(await holdsVersion(current, kept, version.checksum))) {
        if (existsSync(kept)) {
          putBack(kept, current);
          done.push(`put back version ${version.dataVersion} (the data the database records)`);
        } else {
          context.logger.error(
            `${organisationId}/${year}: the current file differs from version ${version.dataVersion} and its kept file is missing`,
          );
        }
      }
    } else if (row.currentVersionId === null && row.fileState !== "uploaded" && existsSync(current)) {
      // A year whose file was removed (remove-file), or never committed: no current data. A legacy
      // year with data and no version (before versions were kept) is left alone.
      rmSync(current, { force: true });
      done.push("removed the data of a year without a current version");
    }
    // Switch-ins killed half-way, and version files no version names (a switch-in never committed).
    const named = new Set(versions.map((candidate) => candidate.storageName));
    const versionsDir = join(yearDir, "versions");
    const strays = [
      ...(existsSync(yearDir) ? readdirSync(yearDir).filter((name) => name.endsWith(".tmp")) : []).map(
        (name) => join(yearDir, name),
      ),
      ...(existsSync(versionsDir) ? readdirSync(versionsDir).filter((name) => !named.has(name)) : []).map(
        (name) => join(versionsDir, name),
      ),
    ];
    for (const stray of strays) rmSync(stray, { force: true });
    if (strays.length > 0) done.push(`removed ${strays.length} file(s) of a change never committed`);
    if (done.length === 0) return null;
    await tx
      .update(organisationYears)
      .set({ dataVersion: sql`${organisationYears.dataVersion} + 1`, updatedAt: context.clock.now() })
      .where(eq(organisationYears.id, row.id));
    return done.join("; ");
  });
  if (repaired) await notifyDataChanged(context, organisationId);
  return repaired;
}

/**
 * At start: the years named by intents of processes that are gone, then every year with a current
 * version or a file state of uploaded, are made to agree with the database; each repair logged.
 */
export async function reconcilePracticeFiles(context: Context) {
  const { db } = context.database;
  // Market intents are the market reconcile's (reconcileMarketFiles.ts).
  const abandoned = (await abandonedIntents(context)).filter((intent) => intent.change !== "market-upload");
  const years = new Map<string, { organisationId: string; year: number; change?: FileChange }>();
  for (const intent of abandoned)
    years.set(`${intent.organisationId}:${intent.year}`, {
      organisationId: intent.organisationId,
      year: intent.year,
      change: intent.change,
    });
  const withData = await db
    .select({ organisationId: organisationYears.organisationId, year: organisationYears.year })
    .from(organisationYears)
    .where(
      or(eq(organisationYears.fileState, "uploaded"), sql`${organisationYears.currentVersionId} IS NOT NULL`),
    );
  for (const row of withData) {
    const key = `${row.organisationId}:${row.year}`;
    if (!years.has(key)) years.set(key, row);
  }
  let repairs = 0;
  for (const { organisationId, year, change } of years.values()) {
    const repaired = await reconcilePracticeYear(context, organisationId, year);
    if (repaired) {
      repairs += 1;
      context.logger.warn(
        `Practice files of ${organisationId}/${year} ${change ? `(${change} interrupted) ` : ""}repaired: ${repaired}`,
      );
    }
  }
  if (abandoned.length > 0)
    await db.delete(fileIntents).where(
      inArray(
        fileIntents.id,
        abandoned.map((intent) => intent.id),
      ),
    );
  // Scratch of the removal code before intents (files moved aside inside the transaction).
  rmSync(join(context.config.dataDir, "tmp", "removed-years"), { recursive: true, force: true });
  return { checked: years.size, repairs, interrupted: abandoned.length };
}
