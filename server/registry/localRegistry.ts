/**
 * The local provider registry: NPPES-shaped results loaded from a fixture folder's
 * `registry/npi_registry.json` (an NppesAnswer or an array of results) or `registry/npi_registry.jsonl`
 * (one result per line, the practical format for an NPPES export of millions of providers).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { NpiRegistry, NpiSearch } from "./npiRegistry.ts";
import { type NppesAnswer, type NppesResult, nppesResultSchema, registryFileSchema } from "./nppesShape.ts";

export const REGISTRY_JSON_PATH = join("registry", "npi_registry.json");
export const REGISTRY_JSONL_PATH = join("registry", "npi_registry.jsonl");

const MAX_LIMIT = 200;

function answer(results: NppesResult[]): NppesAnswer {
  return { result_count: results.length, results };
}

/** Case-insensitive equality, or prefix match when the pattern ends with `*` (the API's wildcard). */
function nameMatches(pattern: string | undefined, value: string | undefined): boolean {
  if (!pattern) return true;
  if (!value) return false;
  const wanted = pattern.trim().toUpperCase();
  const actual = value.toUpperCase();
  return wanted.endsWith("*") ? actual.startsWith(wanted.slice(0, -1)) : actual === wanted;
}

export class LocalNpiRegistry implements NpiRegistry {
  private readonly byNumber: Map<string, NppesResult>;

  constructor(results: NppesResult[]) {
    this.byNumber = new Map(results.map((result) => [result.number, result]));
  }

  get size(): number {
    return this.byNumber.size;
  }

  /** The synchronous lookup behind lookupNpi, for batch code that holds the table in memory. */
  lookupNow(number: string): NppesAnswer {
    const result = this.byNumber.get(number.trim());
    return answer(result ? [result] : []);
  }

  async lookupNpi(number: string): Promise<NppesAnswer> {
    return this.lookupNow(number);
  }

  async search(query: NpiSearch): Promise<NppesAnswer> {
    const limit = Math.min(Math.max(query.limit ?? 10, 1), MAX_LIMIT);
    const found: NppesResult[] = [];
    for (const result of this.byNumber.values()) {
      if (query.enumeration_type && result.enumeration_type !== query.enumeration_type) continue;
      if (!nameMatches(query.first_name, result.basic.first_name)) continue;
      if (!nameMatches(query.last_name, result.basic.last_name)) continue;
      if (!nameMatches(query.organization_name, result.basic.organization_name)) continue;
      if (query.postal_code && !result.addresses.some((a) => a.postal_code.startsWith(query.postal_code!)))
        continue;
      found.push(result);
      if (found.length >= limit) break;
    }
    return answer(found);
  }
}

/** Loads the registry of a fixture folder; an empty registry when the folder has none. */
export function loadLocalRegistry(fixtureDir: string): LocalNpiRegistry {
  const jsonPath = join(fixtureDir, REGISTRY_JSON_PATH);
  const jsonlPath = join(fixtureDir, REGISTRY_JSONL_PATH);
  if (existsSync(jsonPath)) {
    const file = registryFileSchema.parse(JSON.parse(readFileSync(jsonPath, "utf8")));
    return new LocalNpiRegistry(Array.isArray(file) ? file : file.results);
  }
  if (existsSync(jsonlPath)) {
    const results = readFileSync(jsonlPath, "utf8")
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => nppesResultSchema.parse(JSON.parse(line)));
    return new LocalNpiRegistry(results);
  }
  return new LocalNpiRegistry([]);
}
