/**
 * Only the process that opened an embedded (PGlite) database may read it: another process opening
 * the same folder would corrupt it. So a running server on PGlite takes a backup itself when asked:
 * it writes DATA_DIR/run/server.json (its pid and host); `vitality backup` leaves a request file in
 * DATA_DIR/run/backup-requests/, sends SIGUSR2 and waits for the answer file next to it.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { isAlive } from "../ingest/sweep.ts";
import type { Logger } from "../logger.ts";
import type { BackupManifest } from "./manifest.ts";
import { type BackupSource, takeBackup } from "./takeBackup.ts";

const runDir = (dataDir: string) => join(dataDir, "run");
const requestsDir = (dataDir: string) => join(runDir(dataDir), "backup-requests");
const ownerFile = (dataDir: string) => join(runDir(dataDir), "server.json");

type Answer = { ok: true; manifest: BackupManifest } | { ok: false; error: string };

/** In the server (PGlite only): answers backup requests on SIGUSR2. Returns the stop function. */
export function serveBackupRequests(source: BackupSource, logger: Logger): () => void {
  const { dataDir } = source.config;
  mkdirSync(requestsDir(dataDir), { recursive: true });
  writeFileSync(ownerFile(dataDir), JSON.stringify({ pid: process.pid, host: hostname() }));
  let running = Promise.resolve();
  const handle = () => {
    running = running.then(async () => {
      for (const name of readdirSync(requestsDir(dataDir)).filter((file) => file.endsWith(".request.json"))) {
        const request = join(requestsDir(dataDir), name);
        const { out } = JSON.parse(readFileSync(request, "utf8")) as { out: string };
        let answer: Answer;
        try {
          answer = { ok: true, manifest: await takeBackup(source, out) };
          logger.info(`Backup taken into ${out}`);
        } catch (error) {
          answer = { ok: false, error: (error as Error).message };
          logger.error(`Backup into ${out} failed: ${answer.error}`);
        }
        // Written whole, then renamed: the waiting command never reads half an answer.
        const answerFile = request.replace(/\.request\.json$/, ".answer.json");
        writeFileSync(`${answerFile}.part`, JSON.stringify(answer));
        renameSync(`${answerFile}.part`, answerFile);
        rmSync(request, { force: true });
      }
    });
  };
  process.on("SIGUSR2", handle);
  return () => {
    process.off("SIGUSR2", handle);
    rmSync(ownerFile(dataDir), { force: true });
  };
}

/** The pid of a live server on this host holding the embedded database of `dataDir`, if any. */
export function runningServer(dataDir: string): number | undefined {
  if (!existsSync(ownerFile(dataDir))) return undefined;
  const owner = JSON.parse(readFileSync(ownerFile(dataDir), "utf8")) as { pid: number; host: string };
  return owner.host === hostname() && owner.pid !== process.pid && isAlive(owner.pid) ? owner.pid : undefined;
}

/** Asks the running server to take the backup; waits for its answer. */
export async function requestBackup(dataDir: string, pid: number, out: string, timeoutMs = 6 * 3600_000) {
  const id = randomUUID();
  const request = join(requestsDir(dataDir), `${id}.request.json`);
  const answerFile = join(requestsDir(dataDir), `${id}.answer.json`);
  writeFileSync(request, JSON.stringify({ out }));
  process.kill(pid, "SIGUSR2");
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (existsSync(answerFile)) {
      const answer = JSON.parse(readFileSync(answerFile, "utf8")) as Answer;
      rmSync(answerFile, { force: true });
      if (!answer.ok) throw new Error(`the running server could not take the backup: ${answer.error}`);
      return answer.manifest;
    }
    if (!isAlive(pid)) throw new Error("the running server stopped before taking the backup");
    await Bun.sleep(200);
  }
  rmSync(request, { force: true });
  throw new Error("the running server did not answer the backup request in time");
}
