import { join } from "node:path";
import type { Command } from "../main.ts";

const usage = "vitality geo import-zcta FILE.zip|FILE.shp [--out DIR] [--zip-prefixes 46,47]";

/** Reads `--name value` options; positional arguments are returned in `rest`. */
function parseOptions(args: string[]) {
  const options: Record<string, string> = {};
  const rest: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg.startsWith("--")) options[arg.slice(2)] = args[++index] ?? "";
    else rest.push(arg);
  }
  return { options, rest };
}

export const command: Command = {
  summary: "reference geography: import Census ZCTA520 boundaries as zip polygons",
  usage,
  async run(args) {
    const [action, ...more] = args;
    const { options, rest } = parseOptions(more);
    const file = rest[0];
    if (action !== "import-zcta" || !file) {
      console.error(`Usage: ${usage}`);
      return 2;
    }
    const { importZcta } = await import("../../geo/zctaImport.ts");
    const { ZIP_POLYGONS_PATH } = await import("../../geo/zipPolygonsFile.ts");
    // The default output is where the server looks for deployment polygons: $DATA_DIR/geo/.
    const outDir = options.out ?? process.env.DATA_DIR ?? "./data";
    const outPath = join(outDir, ZIP_POLYGONS_PATH);
    const zipPrefixes = options["zip-prefixes"]?.split(",").filter(Boolean);
    const started = performance.now();
    const count = await importZcta(file, outPath, { zipPrefixes });
    console.log(
      `${count} zip polygons written to ${outPath} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  },
};
