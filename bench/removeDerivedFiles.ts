import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

/**
 * The derived files of every organisation-year, and the values kept beside them (the prepared
 * rows, the filter lists), removed: the next run of each writes them again, as a first run over a
 * folder the pipeline never prepared (the tenant bench's cold mode, the query bench's kernel runs).
 */
export function removeDerivedFiles(dataDir: string) {
  const warehouse = join(dataDir, "warehouse");
  const walk = (dir: string, depth: number) => {
    if (!existsSync(dir) || depth > 4) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const path = join(dir, entry.name);
      if (entry.name === "derived") rmSync(path, { recursive: true, force: true });
      else walk(path, depth + 1);
    }
  };
  walk(warehouse, 0);
}
