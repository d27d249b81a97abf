/** The fixture's zip polygons are the ones the maps draw (as `vitality run` and bench/queries do). */
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { ZIP_POLYGONS_PATH } from "../../server/geo/zipPolygonsFile.ts";

export function copyZipPolygons(fixtureDir: string, dataDir: string) {
  const source = join(fixtureDir, ZIP_POLYGONS_PATH);
  const target = join(dataDir, ZIP_POLYGONS_PATH);
  if (!existsSync(source) || existsSync(target)) return;
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(source, target);
}
