/**
 * The crash harness (issue 19, docs/crash-safety.md): a real server process killed with SIGKILL at
 * named points (VITALITY_CRASH_AT), started again on the same data folder and database. After the
 * restart every year's analysis answers are byte-equal to those before the kill (the change was
 * not committed) or the change is whole (committed), the year's file on disk is the one its
 * recorded version names, jobs finish or are retried once, and nothing is left in tmp/.
 *
 * `npm run test:crash` (PGlite; PostgreSQL too when reachable, as the other database tests). It
 * takes minutes (a demo seed and two server starts per kill point), so it is not in `npm test`.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CrashPoint } from "../../server/crash/crashPoint.ts";
import { analysisFolderNames } from "../../server/engine/registry.ts";
import { sha256File } from "../../server/ingest/pipeline.ts";
import { warehousePaths } from "../../server/ingest/storage.ts";
import { backends, freshPostgresDatabase } from "../helpers/backends.ts";
import type { HttpClient } from "../helpers/httpClient.ts";
import {
  copyState,
  filesUnderTmp,
  type RunningServer,
  type ServerState,
  signInAdmin,
  startServer,
} from "./serverProcess.ts";

const YEARS = [2024, 2025];
const ANALYSES = analysisFolderNames();
const fixtures = join(import.meta.dir, "..", "..", "fixtures", "small");
const demoPractice = join(fixtures, "organizations", "demo", "practice");

/** Every analysis of every year, as the organisation's users read them (staff in the dummy view). */
async function answers(staff: HttpClient, organisationId: string) {
  const all: Record<string, string> = {};
  for (const year of YEARS)
    for (const analysis of ANALYSES) {
      const answer = await staff.post(
        `/api/management/queries/${analysis}`,
        { filters: { year } },
        { "x-dummy-org": organisationId },
      );
      all[`${year} ${analysis}`] = `${answer.status} ${answer.text}`;
    }
  return all;
}

async function organisationNamed(staff: HttpClient, name: string): Promise<string> {
  const list = await staff.post("/api/management/admin/organization/", {});
  const found = list.json.organizations.find((organisation: { name: string }) => organisation.name === name);
  if (!found) throw new Error(`no organisation ${name}: ${list.text.slice(0, 300)}`);
  return found.id;
}

/** The first value under `key` anywhere in an answer. */
// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, as the other API tests do
function findKey(value: unknown, key: string): any {
  if (!value || typeof value !== "object") return undefined;
  const record = value as Record<string, unknown>;
  if (key in record) return record[key];
  for (const child of Object.values(record)) {
    const found = findKey(child, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

interface Version {
  id: string;
  checksum: string;
  current: boolean;
  rows: number;
}
async function yearDetail(staff: HttpClient, organisationId: string, year: number) {
  const answer = await staff.post("/api/management/admin/organization/", {
    full: true,
    id: organisationId,
    year,
  });
  const found: { versions?: Version[]; file_state?: string } = {};
  const search = (value: unknown) => {
    if (!value || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.versions) && !found.versions) found.versions = record.versions as Version[];
    for (const child of Object.values(record)) search(child);
  };
  search(answer.json);
  return { json: answer.json, versions: found.versions ?? [] };
}

/** The 2025 practice files of the demo with the professional lines cut to 60%: other data, same shape. */
function smallerPractice(dir: string) {
  const professional = readFileSync(join(demoPractice, "2025", "professional_fees.csv"), "utf8")
    .trimEnd()
    .split("\n");
  const kept = professional.slice(0, Math.ceil(professional.length * 0.6));
  const files = {
    "professional_fees.csv": `${kept.join("\n")}\n`,
    "facility_fees.csv": readFileSync(join(demoPractice, "2025", "facility_fees.csv"), "utf8"),
    "payor_classification.csv": readFileSync(join(demoPractice, "2025", "payor_classification.csv"), "utf8"),
  };
  const form = new FormData();
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dir, name), content);
    form.append("files", new File([content], name, { type: "text/csv" }));
  }
  return form;
}

async function uploadSmaller(staff: HttpClient, organisationId: string, dir: string) {
  const form = smallerPractice(dir);
  form.append("years", "2025");
  form.append("confirm", "true");
  form.append("organization", organisationId);
  return staff.post("/api/management/customer/file/", form);
}

/** The 2025 inpatient market file with its cases cut to 60%: other data, same shape (site admins). */
async function uploadSmallerMarket(staff: HttpClient) {
  const lines = readFileSync(join(fixtures, "market", "2025", "market_ip.csv"), "utf8")
    .trimEnd()
    .split("\n");
  const kept = `${lines.slice(0, Math.ceil(lines.length * 0.6)).join("\n")}\n`;
  const form = new FormData();
  form.append("files", new File([kept], "market_ip.csv", { type: "text/csv" }));
  form.append("kind", "IP");
  form.append("year", "2025");
  return staff.post("/api/services/advisory_board/file/", form);
}

/** A request the server dies in the middle of: its answer never comes. */
async function killedDuring(server: RunningServer, request: () => Promise<unknown>) {
  const outcome = await Promise.race([
    request().then(
      () => "answered",
      () => "connection lost",
    ),
    server.exited.then(() => "connection lost"),
  ]);
  expect(await server.exited).toBe("SIGKILL");
  return outcome;
}

/** The year's file on disk is the data its current version records. */
async function fileMatchesCurrentVersion(
  state: ServerState,
  staff: HttpClient,
  organisationId: string,
  year: number,
) {
  const { versions } = await yearDetail(staff, organisationId, year);
  const current = versions.find((version) => version.current);
  expect(current).toBeDefined();
  expect(await sha256File(warehousePaths.practiceLines(state.dataDir, organisationId, year))).toBe(
    current!.checksum,
  );
  return current!;
}

// CRASH_BACKENDS=pglite (or postgres) runs one database only.
const chosen = backends.filter(
  (backend) => !process.env.CRASH_BACKENDS || process.env.CRASH_BACKENDS.includes(backend),
);

for (const backend of chosen) {
  describe(`kill -9 at the worst moment, then restart (${backend})`, () => {
    let template: ServerState;
    let dropTemplate = async () => {};
    let organisationId: string;
    let seeded: Record<string, string>;
    const scratch = mkdtempSync(join(tmpdir(), "vitality-crash-files-"));

    beforeAll(async () => {
      template = { dataDir: mkdtempSync(join(tmpdir(), "vitality-crash-template-")) };
      if (backend === "postgres") {
        const database = await freshPostgresDatabase();
        template.databaseUrl = database.url;
        dropTemplate = database.drop;
      }
      const server = await startServer(template, { seedDemo: true });
      try {
        const staff = await signInAdmin(server);
        organisationId = await organisationNamed(staff, "Demo Orthopaedics");
        seeded = await answers(staff, organisationId);
      } finally {
        await server.stop();
      }
    }, 300_000);
    afterAll(async () => {
      await dropTemplate();
      rmSync(template.dataDir, { recursive: true, force: true });
      rmSync(scratch, { recursive: true, force: true });
    });

    /** One kill point on a fresh copy of the seeded state. */
    async function scenario(
      crashAt: CrashPoint,
      steps: (context: {
        state: ServerState;
        server: RunningServer;
        staff: HttpClient;
        restart: () => Promise<{ server: RunningServer; staff: HttpClient }>;
      }) => Promise<void>,
    ) {
      const state = await copyState(template);
      let running: RunningServer | undefined;
      try {
        running = await startServer(state, { crashAt });
        const staff = await signInAdmin(running);
        await steps({
          state,
          server: running,
          staff,
          restart: async () => {
            running = await startServer(state);
            return { server: running, staff: await signInAdmin(running) };
          },
        });
        expect(filesUnderTmp(state.dataDir)).toEqual([]);
      } catch (error) {
        console.error(running?.log().slice(-4000));
        throw error;
      } finally {
        await running?.stop();
        await state.remove();
      }
    }

    test("seeded answers are real (not all empty or refused)", () => {
      const ok = Object.values(seeded).filter((answer) => answer.startsWith("200 "));
      expect(ok.length).toBeGreaterThan(10);
    });

    test("upload killed after the switch-in, before the commit: the old data, the upload interrupted", async () => {
      await scenario("upload.after-switch", async ({ state, server, staff, restart }) => {
        const before = await fileMatchesCurrentVersion(state, staff, organisationId, 2025);
        await killedDuring(server, () => uploadSmaller(staff, organisationId, scratch));
        const again = await restart();
        expect(await answers(again.staff, organisationId)).toEqual(seeded);
        const after = await fileMatchesCurrentVersion(state, again.staff, organisationId, 2025);
        expect(after.id).toBe(before.id);
        expect(again.server.log()).toContain("(upload interrupted) repaired: put back version");
        // Sent again, it is accepted whole, and the year answers the new data.
        const resent = await uploadSmaller(again.staff, organisationId, scratch);
        expect(resent.status).toBe(200);
        const replaced = await fileMatchesCurrentVersion(state, again.staff, organisationId, 2025);
        expect(replaced.rows).toBeLessThan(before.rows);
      });
    }, 600_000);

    test("market upload killed after the switch-in, before the commit: every year the old data; sent again, the new", async () => {
      await scenario("market-upload.after-switch", async ({ state, server, staff, restart }) => {
        const marketFile = warehousePaths.marketCases(state.dataDir, 2025, "IP");
        const before = await sha256File(marketFile);
        await killedDuring(server, () => uploadSmallerMarket(staff));
        const again = await restart();
        // Every year of the organisation answers the old market data, byte for byte.
        expect(await answers(again.staff, organisationId)).toEqual(seeded);
        expect(await sha256File(marketFile)).toBe(before);
        expect(again.server.log()).toContain("(market-upload interrupted) repaired: IP: put back version");
        // Sent again, it is accepted whole: 2025 answers the new data, 2024 (which reads no 2025
        // market data) is unchanged.
        const resent = await uploadSmallerMarket(again.staff);
        expect(resent.status).toBe(200);
        expect(await sha256File(marketFile)).not.toBe(before);
        const now = await answers(again.staff, organisationId);
        for (const analysis of ANALYSES) expect(now[`2024 ${analysis}`]).toBe(seeded[`2024 ${analysis}`]!);
        expect(
          ANALYSES.filter((analysis) => now[`2025 ${analysis}`] !== seeded[`2025 ${analysis}`]).length,
        ).toBeGreaterThan(0);
        // A fresh process reads the same new answers from disk: nothing of the old data is mixed in.
        await again.server.stop();
        const third = await restart();
        expect(await answers(third.staff, organisationId)).toEqual(now);
      });
    }, 600_000);

    test("year restore killed after the switch-in: the uploaded version stays current, the restore works after", async () => {
      await scenario("restore.after-switch", async ({ state, staff, server, restart }) => {
        const original = await fileMatchesCurrentVersion(state, staff, organisationId, 2025);
        expect((await uploadSmaller(staff, organisationId, scratch)).status).toBe(200);
        const uploaded = await fileMatchesCurrentVersion(state, staff, organisationId, 2025);
        const beforeRestore = await answers(staff, organisationId);
        await killedDuring(server, () =>
          staff.post("/api/management/admin/customer/year-version/restore/", {
            organization: organisationId,
            year: 2025,
            version: original.id,
          }),
        );
        const again = await restart();
        expect(await answers(again.staff, organisationId)).toEqual(beforeRestore);
        expect((await fileMatchesCurrentVersion(state, again.staff, organisationId, 2025)).id).toBe(
          uploaded.id,
        );
        const restored = await again.staff.post("/api/management/admin/customer/year-version/restore/", {
          organization: organisationId,
          year: 2025,
          version: original.id,
        });
        expect(restored.status).toBe(200);
        expect((await fileMatchesCurrentVersion(state, again.staff, organisationId, 2025)).checksum).toBe(
          original.checksum,
        );
      });
    }, 600_000);

    test("remove-year killed before its commit: the year is whole, its answers unchanged", async () => {
      await scenario("remove-year.before-commit", async ({ state, staff, server, restart }) => {
        await killedDuring(server, () =>
          staff.delete("/api/management/admin/customer/remove-year/", {
            organization: organisationId,
            year: 2025,
            action: null,
          }),
        );
        const again = await restart();
        expect(await answers(again.staff, organisationId)).toEqual(seeded);
        await fileMatchesCurrentVersion(state, again.staff, organisationId, 2025);
      });
    }, 600_000);

    test("remove-year killed after its commit: the file is gone as recorded, and its version restores", async () => {
      await scenario("remove-year.after-commit", async ({ state, staff, server, restart }) => {
        const original = await fileMatchesCurrentVersion(state, staff, organisationId, 2025);
        await killedDuring(server, () =>
          staff.delete("/api/management/admin/customer/remove-year/", {
            organization: organisationId,
            year: 2025,
            action: null,
          }),
        );
        const again = await restart();
        const practiceFile = warehousePaths.practiceLines(state.dataDir, organisationId, 2025);
        expect(await Bun.file(practiceFile).exists()).toBe(false);
        const { versions } = await yearDetail(again.staff, organisationId, 2025);
        expect(versions.some((version) => version.current)).toBe(false);
        // 2024 is untouched.
        const now = await answers(again.staff, organisationId);
        for (const analysis of ANALYSES) expect(now[`2024 ${analysis}`]).toBe(seeded[`2024 ${analysis}`]!);
        const restored = await again.staff.post("/api/management/admin/customer/year-version/restore/", {
          organization: organisationId,
          year: 2025,
          version: original.id,
        });
        expect(restored.status).toBe(200);
        expect(await sha256File(practiceFile)).toBe(original.checksum);
      });
    }, 600_000);

    test("a scheme job killed mid-run is retried once by the next process and finishes", async () => {
      await scenario("scheme.mid-run", async ({ staff, server, restart }) => {
        // A year whose facility validation may run (the demo's enabled years are valid already).
        let year: number | undefined;
        for (const candidate of [2023, 2024, 2025]) {
          const { json } = await yearDetail(staff, organisationId, candidate);
          if (findKey(json, "facility_validation")?.allowed) {
            year = candidate;
            break;
          }
        }
        expect(year).toBeDefined();
        const queued = await staff.post("/api/management/admin/validation/", {
          year,
          type: "facility",
          organization_uuid: organisationId,
        });
        expect(queued.status).toBe(200);
        await killedDuring(server, () => server.exited);
        const started = Date.now();
        const again = await restart();
        const finished = async () =>
          findKey((await yearDetail(again.staff, organisationId, year!)).json, "facility")?.done;
        while (Date.now() - started < 120_000 && !(await finished())) await Bun.sleep(500);
        expect(await finished()).toBe(true);
        expect(again.server.log()).toContain("its process is gone; failed so it is retried");
        expect(await answers(again.staff, organisationId)).toEqual(seeded);
      });
    }, 600_000);
  });
}
