import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { BackupManifest } from "../../backup/manifest.ts";
import type { Command } from "../main.ts";

const usage = "vitality backup --out DIR";

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

export function describeBackup(manifest: BackupManifest, seconds: number): string[] {
  const lines = [
    `Backup of ${manifest.backend === "pglite" ? "the embedded database" : "PostgreSQL"} as of ${manifest.snapshotAt} (the recovery point): ${manifest.files.length} files and the database, ${megabytes(manifest.totalBytes)}, in ${seconds.toFixed(1)} s.`,
    `Migrations: ${manifest.migrations.length} (last ${manifest.migrations.at(-1) ?? "none"}); app version ${manifest.appVersion}.`,
  ];
  if (manifest.missingNamedFiles.length > 0)
    lines.push(
      `Warning: ${manifest.missingNamedFiles.length} kept file(s) the database names were not in the data folder: ${manifest.missingNamedFiles.slice(0, 5).join(", ")}`,
    );
  return lines;
}

/**
 * A consistent copy of the deployment (DATABASE_URL, else the embedded database in DATA_DIR) and
 * its data folder into a new folder, with a manifest. Runs while the product serves: on PostgreSQL
 * through pg_dump of one snapshot; on the embedded database the running server takes it
 * (server/backup/backupRequests.ts), or this command when no server runs.
 */
export const command: Command = {
  summary: "a consistent copy of the database and the data folder's files, while the product runs",
  usage,
  async run(args) {
    const { values } = parseArgs({ args, options: { out: { type: "string" } } });
    if (!values.out) {
      console.error(`Usage: ${usage}`);
      return 2;
    }
    const out = resolve(values.out);
    const started = performance.now();
    const { loadConfig } = await import("../../config.ts");
    const config = loadConfig();
    const { requestBackup, runningServer } = await import("../../backup/backupRequests.ts");
    const { takeBackup } = await import("../../backup/takeBackup.ts");
    const pid = config.databaseUrl ? undefined : runningServer(config.dataDir);
    let manifest: BackupManifest;
    if (pid !== undefined) {
      console.log(`The server (pid ${pid}) holds the embedded database: it takes the backup.`);
      manifest = await requestBackup(config.dataDir, pid, out);
    } else {
      const { openDatabase } = await import("../../db/client.ts");
      const database = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        max: 2,
      });
      try {
        manifest = await takeBackup({ config, database }, out);
      } finally {
        await database.close();
      }
    }
    for (const line of describeBackup(manifest, (performance.now() - started) / 1000)) console.log(line);
    return manifest.missingNamedFiles.length > 0 ? 1 : 0;
  },
};
