/**
 * A process killed (kill -9) during an ingest, then started again: the year answers as before and
 * nothing is left behind (data-contract.md section 9). The ingest runs in a real child process (the
 * CLI, with its own parse worker); PostgreSQL only, since an embedded PGlite cannot be opened by two
 * processes at once.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawn } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { backends } from "../../tests/helpers/backends.ts";
import { createOrganisation } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { organisationYears, practiceUploads } from "../db/schema/index.ts";
import { ingestPracticeUpload } from "./ingest.ts";
import { sha256File } from "./pipeline.ts";
import { warehousePaths } from "./storage.ts";
import { sweepUnfinishedIngests } from "./sweep.ts";
import { professionalLine, toCsv } from "./testing/builders.ts";

const cliMain = join(import.meta.dir, "..", "cli", "main.ts");

describe.skipIf(!backends.includes("postgres"))("kill -9 during an ingest (postgres)", () => {
  let t: TestApp;
  let organisation: { id: string; slug: string };
  let current: string;
  let checksum: string;

  beforeAll(async () => {
    t = await startTestApp("postgres");
    organisation = await createOrganisation(t);
    current = warehousePaths.practiceLines(t.dataDir, organisation.id, 2024);
    const path = join(t.dataDir, "v1.csv");
    writeFileSync(path, toCsv([professionalLine(), professionalLine({ line: 2 })]));
    const first = await ingestPracticeUpload(t.context, {
      organisationId: organisation.id,
      years: [2024],
      files: [{ path, originalName: "v1.csv" }],
    });
    expect(first.status).toBe("accepted");
    checksum = await sha256File(current);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  test("the killed upload is swept at start; the year is untouched", async () => {
    const big = join(t.dataDir, "big.csv");
    writeFileSync(
      big,
      toCsv(Array.from({ length: 40_000 }, (_, index) => professionalLine({ line: index + 1 }))),
    );
    const child = spawn(
      process.execPath,
      [cliMain, "ingest", "practice", "--org", organisation.slug, "--year", "2024", big],
      {
        detached: true,
        stdio: "ignore",
        env: {
          ...process.env,
          NODE_ENV: "test",
          DATA_DIR: t.dataDir,
          DATABASE_URL: t.context.config.databaseUrl,
          SEED_DEMO: "0",
          LOG_REQUESTS: "0",
        },
      },
    );
    // Kill the CLI and its parse worker (the whole process group) once the worker has its job.
    const scratch = join(t.dataDir, "tmp", "ingest");
    const started = Date.now();
    const hasJob = () =>
      existsSync(scratch) && readdirSync(scratch).some((name) => existsSync(join(scratch, name, "job.json")));
    while (!hasJob()) {
      if (Date.now() - started > 120_000) throw new Error("the child never started its ingest");
      await Bun.sleep(20);
    }
    process.kill(-child.pid!, "SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    await Bun.sleep(200);

    // What the crash left: a scratch folder, an upload 'processing' and its raw file.
    const db = t.context.database.db;
    const ofOrganisation = eq(practiceUploads.organisationId, organisation.id);
    const [processing] = await db
      .select()
      .from(practiceUploads)
      .where(and(ofOrganisation, eq(practiceUploads.state, "processing")));
    expect(processing).toBeDefined();
    const raw = warehousePaths.upload(t.dataDir, `practice/${organisation.id}`, processing!.storageName);
    expect(existsSync(raw)).toBe(true);
    expect(readdirSync(scratch).length).toBeGreaterThan(0);

    // Start again: the start-up sweep (server/main.ts) runs.
    const swept = await sweepUnfinishedIngests(t.context);
    expect(swept.uploads).toBe(1);
    expect(readdirSync(scratch)).toEqual([]);
    expect(existsSync(raw)).toBe(false);
    const [after] = await db.select().from(practiceUploads).where(eq(practiceUploads.id, processing!.id));
    expect(after!.state).toBe("rejected");
    expect((after!.errorReport as { errors: { reason: string }[] }).errors[0]!.reason).toBe(
      "the upload was interrupted (the server stopped while reading it): send the file again",
    );
    // The year answers as before.
    expect(await sha256File(current)).toBe(checksum);
    const [year] = await db
      .select()
      .from(organisationYears)
      .where(and(eq(organisationYears.organisationId, organisation.id), eq(organisationYears.year, 2024)));
    expect(year).toMatchObject({ fileState: "uploaded", dataVersion: 1, rows: 2, checksum });
    // Only the accepted original is left among the uploads.
    const kept = await db
      .select()
      .from(practiceUploads)
      .where(and(ofOrganisation, eq(practiceUploads.state, "accepted")));
    expect(readdirSync(join(t.dataDir, "uploads", "practice", organisation.id)).sort()).toEqual(
      kept.map((upload) => upload.storageName).sort(),
    );
  }, 240_000);
});
