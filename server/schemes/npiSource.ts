/**
 * The provider registry the validations consult: the deployment's own NPPES extract in
 * $DATA_DIR/registry/ (npi_registry.json or .jsonl, the layout of server/registry/localRegistry.ts),
 * else the committed small fixture's registry (the region the demo organisation lives in).
 * Loaded once per data folder: an NPPES extract can hold millions of entries.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { DEMO_FIXTURE } from "../bootstrap/demoOrganisation.ts";
import {
  type LocalNpiRegistry,
  loadLocalRegistry,
  REGISTRY_JSON_PATH,
  REGISTRY_JSONL_PATH,
} from "../registry/localRegistry.ts";

const loaded = new Map<string, LocalNpiRegistry>();

export function schemeNpiRegistry(dataDir: string): LocalNpiRegistry {
  let registry = loaded.get(dataDir);
  if (!registry) {
    const own = [REGISTRY_JSON_PATH, REGISTRY_JSONL_PATH].some((path) => existsSync(join(dataDir, path)));
    registry = loadLocalRegistry(own ? dataDir : DEMO_FIXTURE);
    loaded.set(dataDir, registry);
  }
  return registry;
}
