/**
 * `vitality registry import-nppes FILE`: the NPPES monthly dissemination CSV into the local
 * registry's Parquet file ($DATA_DIR/registry/npi_registry.parquet, read by parquetRegistry.ts).
 *
 * DuckDB's CSV reader streams the file (8-9 million rows and 330 columns in a real one); nothing
 * holds the file in memory, and the sort by NPI spills to the data folder's scratch space past the
 * memory limit. The new file is written beside the old one and renamed over it, so lookups never
 * see half a registry. Rows without an entity type (deactivated NPIs: the file keeps only their
 * number and dates) and numbers that are not 10 digits are left out.
 */
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { openDuckDb, quoteIdent, quoteLiteral } from "../duckdb/open.ts";
import {
  DATE_COLUMNS,
  REQUIRED_HEADERS,
  TAXONOMY_SLOTS,
  TEXT_COLUMNS,
  taxonomyHeaders,
} from "./nppesColumns.ts";
import { REGISTRY_PARQUET_PATH, TAXONOMY_CSV_PATH } from "./parquetRegistry.ts";

export interface NppesImportOptions {
  dataDir: string;
  /** The NUCC taxonomy CSV (nucc_taxonomy_NNN.csv): gives each taxonomy code its description. */
  taxonomyFile?: string;
  /** DuckDB's memory limit for the import (it spills past it). Default 1GB. */
  memoryLimit?: string;
  threads?: number;
}

export interface NppesImportResult {
  rows: number;
  path: string;
  bytes: number;
  seconds: number;
}

export class NppesFileError extends Error {
  override name = "NppesFileError";
}

/**
 * The registry file's layout: the columns searches filter on, and each provider's whole row as one
 * JSON text. A look-up decodes two columns of one row group (sorted by NPI, the others are skipped
 * by their min/max), not the 36 columns of the row: decoding was most of a look-up's time.
 */
const SEARCH_COLUMNS = [
  "number",
  "enumeration_type",
  "first_name",
  "last_name",
  "organization_name",
  "location_postal_code",
];
const ROW_GROUP_ROWS = 20_000;

/** The CSV reader: the whole file as text, header names as they are. */
const READ_CSV = "read_csv($1, header = true, all_varchar = true, delim = ',', quote = '\"', escape = '\"')";

function selectList(headers: Set<string>): string {
  const column = (header: string) => (headers.has(header) ? quoteIdent(header) : "NULL");
  const text = (candidates: string[]) => {
    const header = candidates.find((name) => headers.has(name));
    return header ? `NULLIF(trim(${quoteIdent(header)}), '')` : "NULL::VARCHAR";
  };
  const date = (header: string) =>
    headers.has(header)
      ? `strftime(try_strptime(${quoteIdent(header)}, '%m/%d/%Y'), '%Y-%m-%d')`
      : "NULL::VARCHAR";
  const taxonomies = Array.from({ length: TAXONOMY_SLOTS }, (_, index) => {
    const names = taxonomyHeaders(index + 1);
    return `{'code': NULLIF(trim(${column(names.code)}), ''), 'license': NULLIF(trim(${column(names.license)}), ''), 'state': NULLIF(trim(${column(names.state)}), ''), 'primary': coalesce(${column(names.primary)} = 'Y', false)}`;
  });
  return [
    `${quoteIdent("NPI")} AS number`,
    `CASE ${quoteIdent("Entity Type Code")} WHEN '1' THEN 'NPI-1' ELSE 'NPI-2' END AS enumeration_type`,
    ...Object.entries(TEXT_COLUMNS).map(([name, candidates]) => `${text(candidates)} AS ${name}`),
    ...Object.entries(DATE_COLUMNS).map(([name, header]) => `${date(header)} AS ${name}`),
    `list_filter([${taxonomies.join(", ")}], t -> t.code IS NOT NULL) AS taxonomies`,
  ].join(",\n  ");
}

export async function importNppes(file: string, options: NppesImportOptions): Promise<NppesImportResult> {
  const started = performance.now();
  const source = resolve(file);
  if (!existsSync(source) || !statSync(source).isFile()) throw new NppesFileError(`${file}: no such file`);
  if (options.taxonomyFile && !existsSync(options.taxonomyFile))
    throw new NppesFileError(`--taxonomy ${options.taxonomyFile}: no such file`);
  const target = join(options.dataDir, REGISTRY_PARQUET_PATH);
  const partial = `${target}.importing`;
  mkdirSync(dirname(target), { recursive: true });
  const duck = await openDuckDb({
    dataDir: options.dataDir,
    memoryLimit: options.memoryLimit ?? "1GB",
    threads: options.threads,
    readablePaths: [source],
  });
  try {
    let headers: Set<string>;
    try {
      const described = await duck.all<{ column_name: string }>(`DESCRIBE SELECT * FROM ${READ_CSV}`, [
        source,
      ]);
      headers = new Set(described.map((row) => row.column_name));
    } catch {
      throw new NppesFileError(`${file} cannot be read as a CSV file with a header row`);
    }
    const missing = REQUIRED_HEADERS.filter((header) => !headers.has(header));
    if (missing.length > 0) {
      throw new NppesFileError(
        `${file} is not an NPPES dissemination file: no column ${missing.map((name) => `"${name}"`).join(", ")}`,
      );
    }
    rmSync(partial, { force: true });
    let rows: number;
    try {
      const [copied] = await duck.all<{ Count: bigint }>(
        `COPY (
          SELECT ${SEARCH_COLUMNS.join(", ")}, to_json(provider) AS provider_json
          FROM (
            SELECT ${selectList(headers)}
            FROM ${READ_CSV}
            WHERE ${quoteIdent("Entity Type Code")} IN ('1', '2')
              AND regexp_full_match(${quoteIdent("NPI")}, '[0-9]{10}')
          ) AS provider
          ORDER BY number
        ) TO ${quoteLiteral(partial)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`,
        [source],
      );
      rows = Number(copied?.Count ?? 0);
    } catch (error) {
      rmSync(partial, { force: true });
      // The engine's text names the line and the problem; the operator sees it on the console.
      const reason = (error as Error).message.split("\n")[0] ?? "";
      const hint = /Out of Memory/i.test(reason)
        ? ` (raise --memory-limit, now ${options.memoryLimit ?? "1GB"}; the bench imported a million rows with 1GB, not with 512MB)`
        : "";
      throw new NppesFileError(`${file} could not be imported: ${reason}${hint}`);
    }
    if (rows === 0) {
      // A header alone, rows all invalid or a quote left open: replacing the registry with nothing
      // would answer "unknown" for every NPI, so the registry in place is kept.
      rmSync(partial, { force: true });
      throw new NppesFileError(
        `${file} has no valid provider row (a 10-digit NPI with entity type 1 or 2); the registry stays as it was`,
      );
    }
    renameSync(partial, target);
    if (options.taxonomyFile) copyFileSync(options.taxonomyFile, join(options.dataDir, TAXONOMY_CSV_PATH));
    return {
      rows,
      path: target,
      bytes: statSync(target).size,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    duck.close();
  }
}
