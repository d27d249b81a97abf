/**
 * Imports Census TIGER/Line ZCTA520 boundaries (tl_2020_us_zcta520.zip, or its .shp with the .dbf
 * beside it) into the zip polygon format of fixture folders (zipPolygonsFile.ts). The zip code is
 * the ZCTA5CE20 attribute. Features are written one by one, so the national file (~33,000 ZCTAs)
 * never has to be held as one GeoJSON object.
 */
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { unzipSync } from "fflate";
import { open } from "shapefile";
import { COLLECTION_HEAD, COLLECTION_TAIL, featureLine, type ZipPolygon } from "./zipPolygonsFile.ts";

export interface ZctaImportOptions {
  /** Keep only zips starting with one of these prefixes (e.g. ["46", "47"] for Indiana). */
  zipPrefixes?: string[];
}

type ShapefileInput = string | Uint8Array;

/** The .shp and .dbf inputs of a .zip (read into memory) or of a .shp path (streamed from disk). */
function shapefileInputs(file: string): { shp: ShapefileInput; dbf: ShapefileInput } {
  if (file.toLowerCase().endsWith(".zip")) {
    const entries = unzipSync(readFileSync(file), {
      filter: (entry) => /\.(shp|dbf)$/i.test(entry.name),
    });
    const named = (extension: string) =>
      Object.entries(entries).find(([name]) => name.toLowerCase().endsWith(extension))?.[1];
    const shp = named(".shp");
    const dbf = named(".dbf");
    if (!shp || !dbf) throw new Error(`${file} holds no .shp with its .dbf`);
    return { shp, dbf };
  }
  if (!file.toLowerCase().endsWith(".shp")) throw new Error(`expected a .zip or .shp file, got ${file}`);
  return { shp: file, dbf: file.replace(/\.shp$/i, ".dbf") };
}

/** Writes the GeoJSON to outPath and returns the number of zip polygons written. */
export async function importZcta(file: string, outPath: string, options: ZctaImportOptions = {}) {
  const { shp, dbf } = shapefileInputs(file);
  const source = await open(shp, dbf);
  mkdirSync(dirname(outPath), { recursive: true });
  const out = openSync(outPath, "w");
  let written = 0;
  try {
    writeSync(out, COLLECTION_HEAD);
    for (let next = await source.read(); !next.done; next = await source.read()) {
      const feature = next.value;
      const zipcode = String(feature.properties?.ZCTA5CE20 ?? "").trim();
      if (!/^\d{5}$/.test(zipcode)) continue;
      if (options.zipPrefixes && !options.zipPrefixes.some((prefix) => zipcode.startsWith(prefix))) continue;
      const geometry = feature.geometry;
      if (!geometry || (geometry.type !== "Polygon" && geometry.type !== "MultiPolygon")) continue;
      const polygon: ZipPolygon = { type: "Feature", geometry, properties: { zipcode } };
      writeSync(out, (written > 0 ? ",\n" : "") + featureLine(polygon));
      written++;
    }
    writeSync(out, COLLECTION_TAIL);
  } finally {
    closeSync(out);
  }
  return written;
}
