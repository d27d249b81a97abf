/**
 * The market files on disk and the database agree after any kill (issue 19, docs/crash-safety.md),
 * as the practice files do (reconcileFiles.ts).
 *
 * The database is the truth: a market kind and year's current file
 * (warehouse/market/<year>/market_cases_<kind>.parquet, demographics.parquet) is the data of its
 * accepted upload, whose normalised file is kept as versions/<upload id>.parquet (a hard link).
 * A market upload commits an intent for its year (MARKET_INTENT_ORGANISATION), keeps its new file
 * under its upload id, switches it in and records it in one transaction under the kind and year's
 * lock, then makes the year agree and removes the intent. A process killed between the switch-in
 * and the commit leaves its intent, the upload 'processing' (the start-up sweep marks it refused,
 * interrupted) and the new file in place: at start the accepted upload's kept file is put back, or,
 * when the kind and year had no accepted upload, the uncommitted file is removed.
 *
 * A market file the database knows nothing of (written before kept files, or outside an upload:
 * tests, benches) is left alone unless it is the kept file of an upload that never committed.
 */
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { advisoryBoardUploads, fileIntents, MARKET_INTENT_ORGANISATION } from "../db/schema/index.ts";
import { notifyDataChanged } from "../engine/dataChanges.ts";
import type { MarketKind } from "./contract.ts";
import { sha256File } from "./pipeline.ts";
import { abandonedIntents, putBack } from "./reconcileFiles.ts";
import { warehousePaths } from "./storage.ts";
import { lockTargets, lockUploadTargets } from "./targetLock.ts";

type Context = Pick<AppContext, "config" | "database" | "clock" | "live" | "logger">;

const KINDS: MarketKind[] = ["IP", "OP", "DEMO"];

export const marketCurrentFile = (dataDir: string, year: number, kind: MarketKind) =>
  kind === "DEMO"
    ? warehousePaths.demographics(dataDir, year)
    : warehousePaths.marketCases(dataDir, year, kind);

/** The same data: the same file (a hard link), else the same SHA-256. */
async function sameData(a: string, b: string) {
  if (!existsSync(a) || !existsSync(b)) return false;
  const [first, second] = [statSync(a), statSync(b)];
  if (first.ino === second.ino && first.dev === second.dev) return true;
  return first.size === second.size && (await sha256File(a)) === (await sha256File(b));
}

/** The upload id a kept file is named after (versions/<upload id>.parquet). */
const uploadIdOf = (name: string) => /^([0-9a-f-]{36})\.parquet$/.exec(name)?.[1];

type Tx = Parameters<Parameters<Context["database"]["db"]["transaction"]>[0]>[0];

/** Makes one market kind and year agree with the database (its lock held); what it repaired, or null. */
async function reconcileMarketKind(
  context: Context,
  tx: Tx,
  year: number,
  kind: MarketKind,
): Promise<string | null> {
  const { dataDir } = context.config;
  const current = marketCurrentFile(dataDir, year, kind);
  const uploads = await tx
    .select({
      id: advisoryBoardUploads.id,
      state: advisoryBoardUploads.state,
      dataVersion: advisoryBoardUploads.dataVersion,
    })
    .from(advisoryBoardUploads)
    .where(and(eq(advisoryBoardUploads.kind, kind), eq(advisoryBoardUploads.year, year)));
  const accepted = uploads
    .filter((upload) => upload.state === "accepted")
    .sort((a, b) => b.dataVersion - a.dataVersion)[0];
  const keptOf = (uploadId: string) => warehousePaths.marketVersion(dataDir, year, uploadId);
  const keptFiles = (states: string[]) =>
    uploads
      .filter((upload) => upload.id !== accepted?.id && states.includes(upload.state))
      .map((upload) => keptOf(upload.id))
      .filter((path) => existsSync(path));
  // Kept files of uploads that never committed (killed or failed after their switch-in: the lock
  // is held from before the keep to the commit, so none is in flight), and the previous version's
  // once an upload replaced it (housekeeping, not a repair).
  const uncommitted = keptFiles(["processing", "rejected"]);
  const replaced = keptFiles(["superseded"]);
  const done: string[] = [];
  const keptAccepted = accepted ? keptOf(accepted.id) : undefined;
  if (keptAccepted && existsSync(keptAccepted)) {
    if (!(await sameData(current, keptAccepted))) {
      putBack(keptAccepted, current);
      done.push(`put back version ${accepted!.dataVersion} (the data the database records)`);
    }
  } else if (existsSync(current)) {
    // No kept file to put back: the current file is removed only when it is an uncommitted
    // switch-in's (the same data as its kept file); otherwise it predates kept files and is left.
    for (const stray of uncommitted)
      if (await sameData(current, stray)) {
        rmSync(current, { force: true });
        done.push("removed the data of an upload never committed");
        if (accepted)
          context.logger.error(
            `market ${kind} ${year}: version ${accepted.dataVersion} has no kept file to put back; upload it again`,
          );
        break;
      }
  }
  for (const stray of [...uncommitted, ...replaced]) rmSync(stray, { force: true });
  if (uncommitted.length > 0) done.push(`removed ${uncommitted.length} kept file(s) never committed`);
  return done.length > 0 ? `${kind}: ${done.join("; ")}` : null;
}

/**
 * Makes a market year's files agree with the database, holding the locks of its three kinds (IP,
 * OP, DEMO: no upload of the year is between its keep and its commit meanwhile): each kind's
 * current file, then half-done switch-ins (`.*.tmp`) and kept files no upload names are removed. A
 * repair tells every process (the cached answers of every organisation read market data) and is
 * logged by the caller.
 */
export async function reconcileMarketYear(context: Context, year: number): Promise<string | null> {
  const yearDir = dirname(warehousePaths.demographics(context.config.dataDir, year));
  const versionsDir = join(yearDir, "versions");
  const repaired = await context.database.db.transaction(async (tx) => {
    await lockUploadTargets(
      tx,
      KINDS.map((kind) => lockTargets.market(kind, year)),
    );
    const done: string[] = [];
    for (const kind of KINDS) {
      const kindRepaired = await reconcileMarketKind(context, tx, year, kind);
      if (kindRepaired) done.push(kindRepaired);
    }
    // A .tmp beside the current files is a switch-in killed between its two renames; a kept file
    // whose name is no upload row is garbage (the row is committed before its file is written).
    const tmp = existsSync(yearDir)
      ? readdirSync(yearDir)
          .filter((name) => name.startsWith(".") && name.endsWith(".tmp"))
          .map((name) => join(yearDir, name))
      : [];
    const named = existsSync(versionsDir) ? readdirSync(versionsDir) : [];
    const ids = named.map(uploadIdOf).filter((id): id is string => id !== undefined);
    const known = new Set(
      ids.length > 0
        ? (
            await tx
              .select({ id: advisoryBoardUploads.id })
              .from(advisoryBoardUploads)
              .where(inArray(advisoryBoardUploads.id, ids))
          ).map((row) => row.id)
        : [],
    );
    const unknown = named
      .filter((name) => {
        const id = uploadIdOf(name);
        return !id || !known.has(id);
      })
      .map((name) => join(versionsDir, name));
    for (const path of [...tmp, ...unknown]) rmSync(path, { force: true });
    if (tmp.length + unknown.length > 0) done.push(`removed ${tmp.length + unknown.length} stray file(s)`);
    return done.length > 0 ? done.join("; ") : null;
  });
  if (repaired) await notifyDataChanged(context, null);
  return repaired;
}

/**
 * At start: the market years named by intents of processes that are gone, then every year with an
 * accepted market upload, are made to agree with the database; each repair logged.
 */
export async function reconcileMarketFiles(context: Context) {
  const { db } = context.database;
  const abandoned = (await abandonedIntents(context)).filter((intent) => intent.change === "market-upload");
  const interrupted = new Set(abandoned.map((intent) => intent.year));
  const accepted = await db
    .selectDistinct({ year: advisoryBoardUploads.year })
    .from(advisoryBoardUploads)
    .where(eq(advisoryBoardUploads.state, "accepted"));
  const years = [...new Set([...interrupted, ...accepted.map((row) => row.year)])].sort((a, b) => a - b);
  let repairs = 0;
  for (const year of years) {
    const repaired = await reconcileMarketYear(context, year);
    if (repaired) {
      repairs += 1;
      context.logger.warn(
        `Market files of ${year} ${interrupted.has(year) ? "(market-upload interrupted) " : ""}repaired: ${repaired}`,
      );
    }
  }
  if (abandoned.length > 0)
    await db.delete(fileIntents).where(
      and(
        eq(fileIntents.organisationId, MARKET_INTENT_ORGANISATION),
        inArray(
          fileIntents.id,
          abandoned.map((intent) => intent.id),
        ),
      ),
    );
  return { checked: years.length, repairs, interrupted: abandoned.length };
}
