/**
 * Which registry answers NPI questions in a data folder (data-contract.md section 7):
 * 1. the NPPES import ($DATA_DIR/registry/npi_registry.parquet, `vitality registry import-nppes`);
 * 2. else a registry file of the fixture layout ($DATA_DIR/registry/npi_registry.json or .jsonl);
 * 3. else the `fallbackDir`'s registry file (the committed small fixture's, where the demo lives);
 * and, with NPPES_API=1, the live NPPES API in front of it, falling back to it when the API fails.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { NppesApiSettings } from "../config.ts";
import type { Logger } from "../logger.ts";
import { LiveNppesRegistry } from "./liveRegistry.ts";
import { loadLocalRegistry, REGISTRY_JSON_PATH, REGISTRY_JSONL_PATH } from "./localRegistry.ts";
import type { NpiRegistry } from "./npiRegistry.ts";
import { ParquetNpiRegistry } from "./parquetRegistry.ts";

export type LocalRegistrySource = "nppes-import" | "registry-file" | "fallback";

export function localRegistrySource(dataDir: string): LocalRegistrySource {
  if (ParquetNpiRegistry.existsIn(dataDir)) return "nppes-import";
  if ([REGISTRY_JSON_PATH, REGISTRY_JSONL_PATH].some((path) => existsSync(join(dataDir, path))))
    return "registry-file";
  return "fallback";
}

export function openLocalRegistry(dataDir: string, fallbackDir: string): NpiRegistry {
  switch (localRegistrySource(dataDir)) {
    case "nppes-import":
      return new ParquetNpiRegistry(dataDir);
    case "registry-file":
      return loadLocalRegistry(dataDir);
    case "fallback":
      return loadLocalRegistry(fallbackDir);
  }
}

export function openNpiRegistry(options: {
  dataDir: string;
  fallbackDir: string;
  nppesApi: NppesApiSettings | undefined;
  logger: Pick<Logger, "warn">;
}): NpiRegistry {
  const local = openLocalRegistry(options.dataDir, options.fallbackDir);
  return options.nppesApi?.enabled ? new LiveNppesRegistry(options.nppesApi, local, options.logger) : local;
}
