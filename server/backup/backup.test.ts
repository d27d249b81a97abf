/**
 * Issue 33, "Backups and restore": a backup of the demo taken while a practice upload runs,
 * restored into a new data folder (and a new PostgreSQL database), started: every analysis answers
 * byte-equal to the answers before the backup, and the upload is wholly in or wholly out.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { analysisAnswers } from "../../tests/helpers/analysisAnswers.ts";
import { backends, freshPostgresDatabase } from "../../tests/helpers/backends.ts";
import {
  createStaff,
  demoOrganisationId,
  signInCustomer,
  signInStaff,
} from "../../tests/helpers/factories.ts";
import { HttpClient } from "../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp, testConfig } from "../../tests/helpers/testApp.ts";
import { createApp } from "../app.ts";
import { createContext } from "../bootstrap/context.ts";
import { DEMO_EMAIL } from "../bootstrap/demoOrganisation.ts";
import type { AppContext } from "../context.ts";
import { organisationYears, practiceYearVersions } from "../db/schema/index.ts";
import { clearRunCache } from "../engine/runPlugin.ts";
import { warehousePaths } from "../ingest/storage.ts";
import { sweepUnfinishedIngests } from "../ingest/sweep.ts";
import { professionalLine, toCsv } from "../ingest/testing/builders.ts";
import { createLogger } from "../logger.ts";
import { enqueueScheme, schemeRunJob } from "../schemes/schemeJob.ts";
import { findSchemeResult } from "../schemes/store.ts";
import { serveBackupRequests } from "./backupRequests.ts";
import { sha256Of } from "./manifest.ts";
import { restoreBackup, settleRestoredFiles } from "./restoreBackup.ts";
import { takeBackup } from "./takeBackup.ts";

const main = join(import.meta.dir, "..", "cli", "main.ts");

async function vitality(env: Record<string, string>, ...args: string[]) {
  const child = Bun.spawn([process.execPath, main, ...args], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, SEED_DEMO: "0", ...env },
  });
  const [code, stdout, stderr] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  return { code, stdout, stderr };
}

const ANALYSES = Array.from({ length: 11 }, (_, index) => `querie${index + 1}`);
const YEAR = 2025;
const ENABLED_YEARS = [2024, 2025];
const UPLOADED_YEAR = 2022;
/** The demo's reference year, not enabled: its data replaced during the backup. */
const REPLACED_YEAR = 2023;

/** The analyses' answers for YEAR, as the customer reads them. */
const readAll = (customer: HttpClient) => analysisAnswers(customer, ANALYSES, YEAR);

/** Every enabled organisation-year's analyses: the demo's two enabled years. */
async function readEveryYear(customer: HttpClient) {
  const answers: Record<string, string> = {};
  for (const year of ENABLED_YEARS)
    for (const analysis of ANALYSES) {
      const answer = await customer.post(`/api/management/queries/${analysis}`, { filters: { year } });
      answers[`${analysis} ${year}`] = `${answer.status} ${answer.text}`;
    }
  return answers;
}

function practiceForm(organisationId: string, year = UPLOADED_YEAR) {
  const body = new FormData();
  const csv = toCsv(
    Array.from({ length: 200 }, (_, line) =>
      professionalLine({ line: line + 1, service_date: `${year}-03-01` }),
    ),
  );
  body.append("files", new File([csv], "professional_fees.csv", { type: "text/csv" }));
  body.append("years", String(year));
  body.append("organization", organisationId);
  // A replacement of a year with more lines is confirmed (it shrinks the year).
  body.append("confirm", "true");
  return body;
}

/** The restored deployment, started as the server starts: sweeps and reconcile, then the app. */
async function startDeployment(dataDir: string, databaseUrl: string | undefined) {
  const config = testConfig(dataDir, databaseUrl);
  const context = await createContext(config, { logger: createLogger("text", true) });
  // As `vitality restore` does, then as a start does.
  await settleRestoredFiles(context);
  await sweepUnfinishedIngests(context);
  const app = createApp(context);
  return { context, dataDir, client: () => new HttpClient(app) } as unknown as TestApp & {
    context: AppContext;
  };
}

for (const backend of backends) {
  describe(`backup and restore of a running deployment (${backend})`, () => {
    let t: TestApp;
    let organisationId: string;
    const scratch = mkdtempSync(join(tmpdir(), "vitality-backup-"));
    const out = join(scratch, "backup");
    let before: Record<string, string> = {};
    const started: AppContext[] = [];
    const drops: (() => Promise<void>)[] = [];
    /** A new, empty PostgreSQL database for a restore (none on PGlite). */
    const restoredDatabase = async () => {
      if (backend !== "postgres") return undefined;
      const fresh = await freshPostgresDatabase({ empty: true });
      drops.push(fresh.drop);
      return fresh.url;
    };
    const startRestored = async (dataDir: string, databaseUrl: string | undefined) => {
      const restored = await startDeployment(dataDir, databaseUrl);
      started.push(restored.context);
      return restored;
    };
    beforeAll(async () => {
      t = await startTestApp(backend, {}, { demo: true });
      organisationId = await demoOrganisationId(t);
    }, 900_000);
    afterAll(async () => {
      for (const context of started) {
        await context.live.stop();
        await context.database.close();
      }
      await t.close();
      for (const drop of drops) await drop();
      rmSync(scratch, { recursive: true, force: true });
      // Three restored deployments to close and their folders to remove: seconds on a loaded machine.
    }, 60_000);

    test("restored and started: every analysis byte-equal; uploads committed during the backup wholly out", async () => {
      const customer = await signInCustomer(t, DEMO_EMAIL);
      before = await readAll(customer);
      for (const analysis of ANALYSES) expect(before[analysis]!.slice(0, 3)).toBe("200");
      const siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);

      // The upload starts after the database snapshot and commits before the files are copied:
      // its files are in the copy, its rows are not.
      let uploaded = "";
      let replacedAnswer = "";
      const currentBefore = sha256Of(warehousePaths.practiceLines(t.dataDir, organisationId, REPLACED_YEAR));
      const manifest = await takeBackup(t.context, out, {
        afterSnapshot: async () => {
          const answer = await siteAdmin.post("/api/management/customer/file/", practiceForm(organisationId));
          uploaded = `${answer.status} ${answer.text}`.slice(0, 200);
          // And the reference year's data replaced: its current file is then the new version's.
          const replaced = await siteAdmin.post(
            "/api/management/customer/file/",
            practiceForm(organisationId, REPLACED_YEAR),
          );
          replacedAnswer = `${replaced.status} ${replaced.text}`.slice(0, 200);
        },
      });
      expect(uploaded).toStartWith("200");
      expect(replacedAnswer).toStartWith("200");
      expect(sha256Of(warehousePaths.practiceLines(t.dataDir, organisationId, REPLACED_YEAR))).not.toBe(
        currentBefore,
      );
      const yearFolder = `warehouse/practice/${organisationId}/${UPLOADED_YEAR}/`;
      expect(manifest.files.some((file) => file.path.startsWith(yearFolder))).toBe(true);

      // The manifest: the migrations by name, and each file's checksum that of its copy.
      expect(manifest.backend).toBe(backend);
      expect(manifest.migrations).toContain("0014_audit_trail");
      expect(manifest.missingNamedFiles).toEqual([]);
      const kept = manifest.files.find((file) => file.path.includes("/versions/"))!;
      expect(sha256Of(join(out, "files", kept.path))).toBe(kept.sha256);

      const dataDir = join(scratch, "restored");
      const databaseUrl = await restoredDatabase();
      await restoreBackup({ from: out, dataDir, databaseUrl });
      const restored = await startRestored(dataDir, databaseUrl);
      clearRunCache();
      expect(await readAll(await signInCustomer(restored, DEMO_EMAIL))).toEqual(before);

      // The upload is wholly out: no year, no current file, no kept version.
      const { db } = restored.context.database;
      const years = await db
        .select()
        .from(organisationYears)
        .where(
          and(
            eq(organisationYears.organisationId, organisationId),
            eq(organisationYears.year, UPLOADED_YEAR),
          ),
        );
      expect(years.map((year) => year.currentVersionId)).toEqual([]);
      const versions = await db
        .select()
        .from(practiceYearVersions)
        .where(
          and(
            eq(practiceYearVersions.organisationId, organisationId),
            eq(practiceYearVersions.year, UPLOADED_YEAR),
          ),
        );
      expect(versions).toEqual([]);
      expect(existsSync(warehousePaths.practiceLines(dataDir, organisationId, UPLOADED_YEAR))).toBe(false);
      // The replaced year: the copied current file (the replacement's) put back to the recorded version.
      expect(sha256Of(warehousePaths.practiceLines(dataDir, organisationId, REPLACED_YEAR))).toBe(
        currentBefore,
      );
    }, 900_000);

    test("a backup taken while a scheme job runs: restored, every organisation-year's analyses answer byte-equal to the backup's moment", async () => {
      const customer = await signInCustomer(t, DEMO_EMAIL);
      // The scheme job is held once started (pg-boss has it active, its row reads running) and let
      // go right after the snapshot: its run and commit fall inside the backup, after its moment.
      const job = { organisationId, year: YEAR, schemeId: "market_profile" as const };
      const original = schemeRunJob.run;
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let finished: Promise<unknown> | undefined;
      const started = new Promise<void>((resolve) => {
        schemeRunJob.run = (context, run) => {
          resolve();
          finished = gate.then(() => original.call(schemeRunJob, context, run));
          return finished;
        };
      });
      const schemeRow = async (context: AppContext) =>
        (await findSchemeResult(context.database.db, organisationId, YEAR, "MP"))?.status;
      let atBackup: Record<string, string>;
      let manifestOut = "";
      try {
        await enqueueScheme(t.context, job);
        await started;
        expect(await schemeRow(t.context)).toBe("running");
        atBackup = await readEveryYear(customer);
        manifestOut = join(scratch, "backup-during-scheme");
        await takeBackup(t.context, manifestOut, {
          afterSnapshot: async () => {
            release();
            await finished;
          },
        });
      } finally {
        release();
        schemeRunJob.run = original;
      }
      expect(await schemeRow(t.context)).not.toBe("running");
      for (const answer of Object.values(atBackup)) expect(answer.slice(0, 3)).toBe("200");

      const dataDir = join(scratch, "restored-during-scheme");
      const databaseUrl = await restoredDatabase();
      await restoreBackup({ from: manifestOut, dataDir, databaseUrl });
      const restored = await startRestored(dataDir, databaseUrl);
      clearRunCache();
      expect(await readEveryYear(await signInCustomer(restored, DEMO_EMAIL))).toEqual(atBackup);
      // The run committed after the backup's moment is not in it: the row reads as it did then.
      expect(await schemeRow(restored.context)).toBe("running");
    }, 900_000);

    test("the commands: a backup of the running deployment (on PGlite taken by its server), restored into a new folder", async () => {
      // This test process plays the running server: it answers backup requests (server/main.ts).
      const now = await readAll(await signInCustomer(t, DEMO_EMAIL));
      const stop = backend === "pglite" ? serveBackupRequests(t.context, t.context.logger) : () => {};
      const env = { DATA_DIR: t.dataDir, DATABASE_URL: t.context.config.databaseUrl ?? "" };
      const cliOut = join(scratch, "cli-backup");
      const backedUp = await vitality(env, "backup", "--out", cliOut);
      stop();
      expect(backedUp.stderr).toBe("");
      if (backend === "pglite")
        expect(backedUp.stdout).toContain(`The server (pid ${process.pid}) holds the embedded database`);
      expect(backedUp.stdout).toMatch(
        /Backup of .* as of .* \(the recovery point\): \d+ files and the database/,
      );
      expect(backedUp.code).toBe(0);

      const dataDir = join(scratch, "cli-restored");
      const databaseUrl = await restoredDatabase();
      const restoredOut = await vitality(
        { DATA_DIR: "", DATABASE_URL: databaseUrl ?? "" },
        "restore",
        "--from",
        cliOut,
        "--data",
        dataDir,
      );
      expect(restoredOut.stderr).toBe("");
      expect(restoredOut.stdout).toContain(`into ${dataDir}`);
      expect(restoredOut.code).toBe(0);
      // The figures docs/operations.md quotes (the demo's size).
      const cliManifest = JSON.parse(readFileSync(join(cliOut, "manifest.json"), "utf8"));
      console.log(
        `${backend}:\n${backedUp.stdout}${restoredOut.stdout}database file ${cliManifest.database.bytes} bytes`,
      );
      const restored = await startRestored(dataDir, databaseUrl);
      clearRunCache();
      expect(await readAll(await signInCustomer(restored, DEMO_EMAIL))).toEqual(now);
      // The upload committed before this backup is wholly in: its year's current file is its version.
      const [version] = await restored.context.database.db
        .select()
        .from(practiceYearVersions)
        .where(
          and(
            eq(practiceYearVersions.organisationId, organisationId),
            eq(practiceYearVersions.year, UPLOADED_YEAR),
          ),
        );
      expect(sha256Of(warehousePaths.practiceLines(dataDir, organisationId, UPLOADED_YEAR))).toBe(
        sha256Of(
          warehousePaths.practiceVersion(dataDir, organisationId, UPLOADED_YEAR, version!.storageName),
        ),
      );

      const again = await vitality(
        { DATA_DIR: "", DATABASE_URL: databaseUrl ?? "" },
        "restore",
        "--from",
        cliOut,
        "--data",
        dataDir,
      );
      expect(again.stderr).toContain("is not empty: restore into a new or empty folder");
      expect(again.code).toBe(1);
    }, 900_000);

    test("a damaged backup is refused before anything is written; a folder in use is refused", async () => {
      expect(existsSync(join(out, "manifest.json"))).toBe(true);
      const target = join(scratch, "refused");
      const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8"));
      const kept = manifest.files.find((file: { path: string }) => file.path.includes("/versions/"));
      writeFileSync(join(out, "files", kept.path), "not parquet");
      await expect(
        restoreBackup({
          from: out,
          dataDir: target,
          databaseUrl: backend === "postgres" ? "postgres://x" : undefined,
        }),
      ).rejects.toThrow(`the backup is damaged: 1 file(s) missing or changed (${kept.path})`);
      expect(existsSync(target)).toBe(false);
      await expect(takeBackup(t.context, out)).rejects.toThrow("is not empty");
      if (backend === "postgres") {
        const withoutClient = await vitality(
          { DATA_DIR: t.dataDir, DATABASE_URL: t.context.config.databaseUrl!, PATH: "/nonexistent" },
          "backup",
          "--out",
          join(scratch, "never"),
        );
        expect(withoutClient.stderr).toContain(
          "pg_dump was not found on PATH: install the PostgreSQL client programs",
        );
        expect(withoutClient.code).toBe(1);
      }
    });

    test("the server keeps answering while a backup copies the data folder (its event loop turns between chunks)", async () => {
      // 128 MB in the data folder: a synchronous copy held the server's event loop for all of it.
      // (512 MB until 2026-12-01: written, copied and hashed on both backends, 2 GB of disk work a
      // run, where this much copies in hundreds of 5 ms ticks on the fastest machine seen.)
      const ballast = join(t.dataDir, "exports", "ballast");
      mkdirSync(ballast, { recursive: true });
      const block = randomBytes(8 << 20);
      for (let index = 0; index < 16; index++) writeFileSync(join(ballast, `part-${index}.bin`), block);
      // Measured from the snapshot on: the copy is what took long (PGlite's image is a wait of its own).
      const ticks: number[] = [];
      let ticking: ReturnType<typeof setInterval> | undefined;
      const startTicking = async () => {
        ticks.push(performance.now());
        ticking = setInterval(() => ticks.push(performance.now()), 5);
      };
      try {
        const manifest = await takeBackup(t.context, join(scratch, "while-serving"), {
          afterSnapshot: startTicking,
        });
        ticks.push(performance.now());
        expect(manifest.files.filter((file) => file.path.startsWith("exports/ballast/"))).toHaveLength(16);
        expect(manifest.files.find((file) => file.path === "exports/ballast/part-0.bin")?.sha256).toBe(
          new Bun.CryptoHasher("sha256").update(block).digest("hex"),
        );
      } finally {
        clearInterval(ticking);
        rmSync(ballast, { recursive: true, force: true });
        rmSync(join(scratch, "while-serving"), { recursive: true, force: true });
      }
      const copying = ticks.at(-1)! - ticks[0]!;
      const longestWait = Math.max(...ticks.slice(1).map((at, index) => at - ticks[index]!));
      // Relative, not in milliseconds: on a loaded machine the process itself may wait its turn for
      // hundreds of ms, while a synchronous copy's one wait is the whole copy.
      expect(ticks.length).toBeGreaterThan(20);
      expect(longestWait).toBeLessThan(copying / 4);
    }, 120_000);
  });
}
