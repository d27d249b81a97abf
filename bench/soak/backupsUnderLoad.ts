/**
 * Backups of the soak's running deployment (issue 33: "backup under load"): `vitality backup` run
 * as an operator runs it, a child process beside the serving process (on the embedded database the
 * server takes it: the request and SIGUSR2, server/backup/backupRequests.ts), while the readers
 * read and the practices upload. Each backup's folder is removed once its manifest is read.
 */
import { readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { type BackupManifest, MANIFEST_FILE } from "../../server/backup/manifest.ts";

const cli = join(resolve(import.meta.dir, "..", ".."), "server", "cli", "main.ts");

export interface BackupUnderLoad {
  /** Minutes since the soak started, at the command's start and end. */
  fromMinute: number;
  toMinute: number;
  seconds: number;
  /** The recovery point's distance from the command's start (snapshotAt - startedAt), seconds. */
  recoveryPointSeconds: number;
  totalBytes: number;
  files: number;
  missingNamedFiles: number;
  /** Why the command failed (its exit code and last words); undefined when it succeeded. */
  failure?: string;
}

export async function backupUnderLoad(
  env: Record<string, string>,
  out: string,
  minuteNow: () => number,
): Promise<BackupUnderLoad> {
  const fromMinute = minuteNow();
  const started = performance.now();
  rmSync(out, { recursive: true, force: true });
  const child = Bun.spawn([process.execPath, cli, "backup", "--out", out], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, ...env },
  });
  const [code, stdout, stderr] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  const timing = { fromMinute, toMinute: minuteNow(), seconds: (performance.now() - started) / 1000 };
  try {
    if (code !== 0)
      return {
        ...timing,
        recoveryPointSeconds: Number.NaN,
        totalBytes: 0,
        files: 0,
        missingNamedFiles: 0,
        failure: `exit ${code}: ${`${stderr}${stdout}`.trim().slice(-300)}`,
      };
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_FILE), "utf8")) as BackupManifest;
    return {
      ...timing,
      recoveryPointSeconds: (Date.parse(manifest.snapshotAt) - Date.parse(manifest.startedAt)) / 1000,
      totalBytes: manifest.totalBytes,
      files: manifest.files.length,
      missingNamedFiles: manifest.missingNamedFiles.length,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
