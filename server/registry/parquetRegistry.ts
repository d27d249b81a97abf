/**
 * The local registry of a real deployment: the NPPES dissemination file imported by
 * nppesImport.ts into $DATA_DIR/registry/npi_registry.parquet (sorted by NPI, row groups of 20,000,
 * the search columns plus each provider as one JSON text) and read by DuckDB per question, so
 * millions of providers never sit in the server's memory: a look-up reads the one row group whose
 * NPI range holds the number. Answers have the NPPES API v2.1
 * shape (nppesShape.ts).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { TAXONOMIES } from "../../fixtures/generator/providers.ts";
import { type DuckDb, openDuckDb, type SqlValue } from "../duckdb/open.ts";
import type { NpiRegistry, NpiSearch } from "./npiRegistry.ts";
import type { NppesAddress, NppesAnswer, NppesResult } from "./nppesShape.ts";

export const REGISTRY_PARQUET_PATH = join("registry", "npi_registry.parquet");
/** The NUCC taxonomy CSV given to import-nppes, for the taxonomies' descriptions. */
export const TAXONOMY_CSV_PATH = join("registry", "nucc_taxonomy.csv");

const MAX_LIMIT = 200;

type Row = Record<string, string | null> & {
  taxonomies: Array<{ code: string; license: string | null; state: string | null; primary: boolean }>;
};

function address(
  row: Row,
  prefix: "location" | "mailing",
  purpose: "LOCATION" | "MAILING",
): NppesAddress | null {
  const city = row[`${prefix}_city`];
  const line = row[`${prefix}_address_1`];
  if (!city && !line) return null;
  const country = row[`${prefix}_country_code`] ?? "US";
  return {
    country_code: country,
    country_name: country === "US" ? "United States" : country,
    address_purpose: purpose,
    address_type: country === "US" ? "DOM" : "FGN",
    address_1: line ?? "",
    ...(row[`${prefix}_address_2`] ? { address_2: row[`${prefix}_address_2`]! } : {}),
    city: city ?? "",
    state: row[`${prefix}_state`] ?? "",
    postal_code: row[`${prefix}_postal_code`] ?? "",
    ...(row[`${prefix}_telephone`] ? { telephone_number: row[`${prefix}_telephone`]! } : {}),
    ...(row[`${prefix}_fax`] ? { fax_number: row[`${prefix}_fax`]! } : {}),
  };
}

/** Drops absent fields, as the API leaves them out. */
function present(values: Record<string, string | null | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value)) as Record<string, string>;
}

const yesNo = (value: string | null | undefined) => (value === "Y" ? "YES" : value === "N" ? "NO" : null);

export function toNppesResult(row: Row, describe: (code: string) => string): NppesResult {
  const individual = row.enumeration_type === "NPI-1";
  const basic = present({
    ...(individual
      ? {
          first_name: row.first_name,
          last_name: row.last_name,
          middle_name: row.middle_name,
          name_prefix: row.name_prefix,
          name_suffix: row.name_suffix,
          credential: row.credential,
          sex: row.sex,
          sole_proprietor: yesNo(row.sole_proprietor),
        }
      : {
          organization_name: row.organization_name,
          organizational_subpart: yesNo(row.organizational_subpart),
        }),
    enumeration_date: row.enumeration_date,
    last_updated: row.last_updated,
    status: "A",
  });
  return {
    number: row.number!,
    enumeration_type: individual ? "NPI-1" : "NPI-2",
    basic,
    addresses: [address(row, "location", "LOCATION"), address(row, "mailing", "MAILING")].filter(
      (entry): entry is NppesAddress => entry !== null,
    ),
    taxonomies: row.taxonomies.map((taxonomy) => ({
      code: taxonomy.code,
      taxonomy_group: "",
      desc: describe(taxonomy.code),
      ...(taxonomy.state ? { state: taxonomy.state } : {}),
      ...(taxonomy.license ? { license: taxonomy.license } : {}),
      primary: taxonomy.primary,
    })),
  };
}

/** "A*" -> prefix match, else equality; both upper-case, as NPPES writes names. */
function nameCondition(column: string, pattern: string, values: SqlValue[]): string {
  const wanted = pattern.trim().toUpperCase();
  if (wanted.endsWith("*")) {
    values.push(wanted.slice(0, -1));
    return `starts_with(upper(${column}), $${values.length})`;
  }
  values.push(wanted);
  return `upper(${column}) = $${values.length}`;
}

export class ParquetNpiRegistry implements NpiRegistry {
  private duck: Promise<DuckDb> | undefined;
  private descriptions: Promise<Map<string, string>> | undefined;
  /** One question at a time on the connection. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataDir: string) {}

  static existsIn(dataDir: string): boolean {
    return existsSync(join(dataDir, REGISTRY_PARQUET_PATH));
  }

  private connection() {
    this.duck ??= openDuckDb({ dataDir: this.dataDir, threads: 1, memoryLimit: "256MB" });
    return this.duck;
  }

  private query<T>(sql: string, values: SqlValue[]): Promise<T[]> {
    const run = this.queue.then(async () => (await this.connection()).all<T>(sql, values));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** NUCC descriptions when the import was given the taxonomy file, else the common codes' names. */
  private describer(): Promise<(code: string) => string> {
    this.descriptions ??= (async () => {
      const names = new Map<string, string>(
        Object.values(TAXONOMIES).map((entry) => [entry.code, entry.desc]),
      );
      if (existsSync(join(this.dataDir, TAXONOMY_CSV_PATH))) {
        const rows = await this.query<{
          code: string;
          classification: string;
          specialization: string | null;
        }>(
          `SELECT "Code" AS code, "Classification" AS classification, "Specialization" AS specialization
           FROM read_csv($1, header = true, all_varchar = true)`,
          [join(this.dataDir, TAXONOMY_CSV_PATH)],
        );
        for (const row of rows)
          names.set(
            row.code,
            row.specialization ? `${row.classification}, ${row.specialization}` : row.classification,
          );
      }
      return names;
    })();
    return this.descriptions.then((names) => (code: string) => names.get(code) ?? "");
  }

  private async answer(where: string, values: SqlValue[], limit: number): Promise<NppesAnswer> {
    values.push(join(this.dataDir, REGISTRY_PARQUET_PATH));
    const rows = await this.query<{ provider_json: string }>(
      `SELECT provider_json FROM read_parquet($${values.length}) WHERE ${where} ORDER BY number LIMIT ${limit}`,
      values,
    );
    const describe = await this.describer();
    const results = rows.map((row) => toNppesResult(JSON.parse(row.provider_json) as Row, describe));
    return { result_count: results.length, results };
  }

  async lookupNpi(number: string): Promise<NppesAnswer> {
    const wanted = number.trim();
    if (!/^\d{10}$/.test(wanted)) return { result_count: 0, results: [] };
    return this.answer("number = $1", [wanted], 1);
  }

  async search(query: NpiSearch): Promise<NppesAnswer> {
    const limit = Math.min(Math.max(Math.trunc(query.limit ?? 10), 1), MAX_LIMIT);
    const values: SqlValue[] = [];
    const conditions: string[] = [];
    if (query.enumeration_type) {
      values.push(query.enumeration_type);
      conditions.push(`enumeration_type = $${values.length}`);
    }
    if (query.first_name) conditions.push(nameCondition("first_name", query.first_name, values));
    if (query.last_name) conditions.push(nameCondition("last_name", query.last_name, values));
    if (query.organization_name)
      conditions.push(nameCondition("organization_name", query.organization_name, values));
    if (query.postal_code) {
      values.push(query.postal_code.trim());
      conditions.push(`starts_with(location_postal_code, $${values.length})`);
    }
    return this.answer(conditions.length > 0 ? conditions.join(" AND ") : "true", values, limit);
  }

  close() {
    void this.duck?.then((duck) => duck.close());
    this.duck = undefined;
  }
}
