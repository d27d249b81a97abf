import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import postgres from "postgres";
import { backends } from "../../tests/helpers/backends.ts";
import { createOrganisation, createStaff, signInStaff } from "../../tests/helpers/factories.ts";
import type { HttpClient } from "../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { advisoryBoardUploads, organisationYears, practiceUploads } from "../db/schema/index.ts";
import { sha256File } from "./pipeline.ts";
import { warehousePaths } from "./storage.ts";
import { advisoryKey, lockTargets } from "./targetLock.ts";
import { marketRow, professionalLine, toCsv } from "./testing/builders.ts";
import { readParquet } from "./testing/runJob.ts";

const PRACTICE = "/api/management/customer/file/";
const MARKET = "/api/services/advisory_board/file/";

const form = (csv: string, fields: Record<string, string>) => {
  const body = new FormData();
  body.append("files", new File([csv], "upload.csv", { type: "text/csv" }));
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};
// Two versions told apart by their row count: one market row, or two.
const oneMarketRow = toCsv([marketRow()]);
const twoMarketRows = toCsv([marketRow(), marketRow({ claim_id: "M2" })]);
const oneLine = toCsv([professionalLine()]);
const twoLines = toCsv([professionalLine(), professionalLine({ line: 2 })]);

/** The upload rows of one market (kind, year) as [state, data_version, rows], sorted. */
async function marketStates(t: TestApp, year: number) {
  const rows = await t.context.database.db
    .select()
    .from(advisoryBoardUploads)
    .where(and(eq(advisoryBoardUploads.kind, "IP"), eq(advisoryBoardUploads.year, year)));
  return rows.map((row) => [row.state, row.dataVersion, row.rows] as const).sort();
}

for (const backend of backends) {
  describe(`concurrent uploads of one target in one server (${backend})`, () => {
    let t: TestApp;
    let siteAdmin: HttpClient;
    beforeAll(async () => {
      t = await startTestApp(backend);
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
    }, 60_000);
    afterAll(async () => {
      await t.close();
    });

    test("two market uploads of one kind and year at once: versions 1 and 2, the metadata is the file's", async () => {
      const answers = await Promise.all([
        siteAdmin.post(MARKET, form(oneMarketRow, { kind: "IP", year: "2024" })),
        siteAdmin.post(MARKET, form(twoMarketRows, { kind: "IP", year: "2024" })),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const states = await marketStates(t, 2024);
      expect(states.map(([state, version]) => [state, version])).toEqual([
        ["accepted", 2],
        ["superseded", 1],
      ]);
      // The accepted (last switched-in) upload's row count is the one of the file on disk.
      const onDisk = await readParquet(t.dataDir, warehousePaths.marketCases(t.dataDir, 2024, "IP"));
      expect(onDisk.length).toBe(states[0]![2]!);
    });
  });
}

/**
 * Two server processes (two app instances, each its own pool of connections) on one PostgreSQL
 * database and one DATA_DIR. The test holds the target's advisory lock from a third connection:
 * both uploads must then be seen waiting for it inside PostgreSQL (so the lock is the one that
 * serialises them across processes), and once it is released both complete, one after the other.
 * Decision: both are accepted, the version is bumped twice, and the upload switched in last is the
 * current version; its file, rows and checksum are what the metadata says.
 */
if (backends.includes("postgres")) {
  describe("concurrent uploads of one target from two server processes (postgres)", () => {
    let first: TestApp;
    let second: TestApp;
    let holder: postgres.Sql;
    beforeAll(async () => {
      first = await startTestApp("postgres");
      second = await startTestApp("postgres", { DATA_DIR: first.dataDir }, { shareDatabaseWith: first });
      holder = postgres(first.context.config.databaseUrl!, { max: 1, onnotice: () => {} });
    }, 60_000);
    afterAll(async () => {
      await holder.end({ timeout: 1 });
      await second.close();
      await first.close();
    });

    /** Uploads waiting (not granted) on the advisory lock of the target. */
    async function waitingOn(target: string) {
      const key = BigInt.asUintN(64, advisoryKey(target));
      const [row] = await holder<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted AND classid = ${Number(key >> 32n)}
          AND objid = ${Number(key & 0xffffffffn)} AND objsubid = 1`;
      return row!.n;
    }

    /** Runs the two uploads while the test holds the lock; both must queue on it before it is let go. */
    async function raceUnderHeldLock(target: string, uploads: () => Promise<{ status: number }>[]) {
      const key = advisoryKey(target).toString();
      await holder`SELECT pg_advisory_lock(${key}::bigint)`;
      let finished = 0;
      const running = uploads().map(async (upload) => {
        const answer = await upload;
        finished += 1;
        return answer;
      });
      const deadline = Date.now() + 20_000;
      while ((await waitingOn(target)) < 2 && Date.now() < deadline) await Bun.sleep(50);
      expect(await waitingOn(target)).toBe(2);
      expect(finished).toBe(0);
      await holder`SELECT pg_advisory_unlock(${key}::bigint)`;
      return Promise.all(running);
    }

    test("market: both wait for the lock, then versions 1 and 2; the accepted upload is the file on disk", async () => {
      const staff = await createStaff(first, "site_admin");
      const viaFirst = await signInStaff(first, staff.username);
      const viaSecond = await signInStaff(second, staff.username);
      const answers = await raceUnderHeldLock(lockTargets.market("IP", 2024), () => [
        viaFirst.post(MARKET, form(oneMarketRow, { kind: "IP", year: "2024" })),
        viaSecond.post(MARKET, form(twoMarketRows, { kind: "IP", year: "2024" })),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const states = await marketStates(first, 2024);
      expect(states.map(([state, version]) => [state, version])).toEqual([
        ["accepted", 2],
        ["superseded", 1],
      ]);
      const onDisk = await readParquet(first.dataDir, warehousePaths.marketCases(first.dataDir, 2024, "IP"));
      expect(onDisk.length).toBe(states[0]![2]!);
    });

    test("practice: both wait for the year's lock, then data_version 2 with the rows and checksum of the file", async () => {
      const organisation = await createOrganisation(first);
      const staff = await createStaff(first, "site_admin");
      const viaFirst = await signInStaff(first, staff.username);
      const viaSecond = await signInStaff(second, staff.username);
      const fields = { years: "2024", organization: organisation.id };
      const answers = await raceUnderHeldLock(lockTargets.practiceYear(organisation.id, 2024), () => [
        viaFirst.post(PRACTICE, form(oneLine, fields)),
        viaSecond.post(PRACTICE, form(twoLines, fields)),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);

      const [year] = await first.context.database.db
        .select()
        .from(organisationYears)
        .where(eq(organisationYears.organisationId, organisation.id));
      const finalPath = warehousePaths.practiceLines(first.dataDir, organisation.id, 2024);
      expect(year).toMatchObject({ fileState: "uploaded", dataVersion: 2 });
      expect(year!.checksum).toBe(await sha256File(finalPath));
      expect((await readParquet(first.dataDir, finalPath)).length).toBe(year!.rows!);
      const uploads = await first.context.database.db
        .select()
        .from(practiceUploads)
        .where(eq(practiceUploads.organisationId, organisation.id));
      expect(uploads.map((upload) => upload.state).sort()).toEqual(["accepted", "superseded"]);
      expect(uploads.find((upload) => upload.state === "accepted")!.rows).toBe(year!.rows!);
    });
  });
}
