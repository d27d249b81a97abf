import { parseArgs } from "node:util";
import type { Command } from "../main.ts";

const usage =
  "vitality registry import-nppes FILE.csv [--taxonomy nucc_taxonomy.csv] [--memory-limit 1GB] [--out DATA_DIR]";

/**
 * Loads the NPPES monthly dissemination CSV (https://download.cms.gov/nppes/NPI_Files.html, the
 * npidata_pfile_*.csv of the zip) into the local registry of the data folder, which the NPI
 * look-ups and the validations read (server/registry/README.md).
 */
export const command: Command = {
  summary: "provider registry: import the NPPES monthly dissemination CSV into the local registry",
  usage,
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        taxonomy: { type: "string" },
        "memory-limit": { type: "string" },
        out: { type: "string" },
      },
    });
    const [action, file] = positionals;
    if (action !== "import-nppes" || !file || positionals.length > 2) {
      console.error(`Usage: ${usage}`);
      return 2;
    }
    const memoryLimit = values["memory-limit"];
    if (memoryLimit !== undefined && !/^\d+(\.\d+)?\s*(KB|MB|GB|TB)$/i.test(memoryLimit)) {
      console.error("--memory-limit must be a size such as 512MB or 2GB");
      return 2;
    }
    const { importNppes, NppesFileError } = await import("../../registry/nppesImport.ts");
    const { resolve } = await import("node:path");
    // The default is where the server looks: $DATA_DIR/registry/.
    const dataDir = resolve(values.out ?? process.env.DATA_DIR ?? "./data");
    try {
      const result = await importNppes(file, { dataDir, taxonomyFile: values.taxonomy, memoryLimit });
      const rate = Math.round(result.rows / Math.max(result.seconds, 0.001));
      console.log(
        `${result.rows} providers imported into ${result.path} (${(result.bytes / 1e6).toFixed(1)} MB) in ${result.seconds.toFixed(1)} s (${rate} rows/s).`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof NppesFileError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
};
