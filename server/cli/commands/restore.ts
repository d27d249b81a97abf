import { parseArgs } from "node:util";
import type { Command } from "../main.ts";

const usage = "vitality restore --from DIR --data DIR";

/**
 * Brings a backup up in a new data folder (and, for a PostgreSQL backup, into the empty database of
 * DATABASE_URL), then makes the files agree with the restored database as a start does.
 */
export const command: Command = {
  summary: "bring a backup up in a new data folder (and an empty PostgreSQL database)",
  usage,
  async run(args) {
    const { values } = parseArgs({ args, options: { from: { type: "string" }, data: { type: "string" } } });
    if (!values.from || !values.data) {
      console.error(`Usage: ${usage}`);
      return 2;
    }
    const started = performance.now();
    const { RestoreError, restoreBackup } = await import("../../backup/restoreBackup.ts");
    const { loadConfig } = await import("../../config.ts");
    const config = loadConfig({ ...process.env, DATA_DIR: values.data });
    let manifest: Awaited<ReturnType<typeof restoreBackup>>;
    try {
      manifest = await restoreBackup({
        from: values.from,
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
      });
    } catch (error) {
      if (!(error instanceof RestoreError)) throw error;
      console.error(error.message);
      return 1;
    }
    const { createContext } = await import("../../bootstrap/context.ts");
    const { createLogger } = await import("../../logger.ts");
    const { settleRestoredFiles } = await import("../../backup/restoreBackup.ts");
    const context = await createContext(config, { logger: createLogger("text", true) });
    try {
      const settled = await settleRestoredFiles(context);
      console.log(
        `Restored the backup of ${manifest.snapshotAt} (the recovery point) into ${values.data}: ${manifest.files.length} files, ${settled.removed} of writes after the recovery point removed; ${settled.checked} years checked, ${settled.repaired} put back to the version the database records; in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      );
      return 0;
    } finally {
      await context.live.stop();
      await context.database.close();
    }
  },
};
