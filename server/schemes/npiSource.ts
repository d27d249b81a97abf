/**
 * The provider registry the validations (and the NPI look-ups) consult, chosen by
 * server/registry/openRegistry.ts: the deployment's NPPES import or registry file in
 * $DATA_DIR/registry/, else the committed small fixture's registry (the region the demo
 * organisation lives in); with NPPES_API=1 the live API in front of it. Opened once per data
 * folder, source and API setting: a registry file can hold millions of entries.
 */

import { LRUCache } from "lru-cache";
import { DEMO_FIXTURE } from "../bootstrap/demoOrganisation.ts";
import { registerCache } from "../caches/registry.ts";
import type { NppesApiSettings } from "../config.ts";
import { createLogger } from "../logger.ts";
import type { NpiRegistry } from "../registry/npiRegistry.ts";
import { localRegistrySource, openNpiRegistry } from "../registry/openRegistry.ts";

/** Registries kept open: a server reads one data folder's; tools and tests open more. */
export const OPEN_REGISTRIES = 4;
/** A dropped registry's file is closed this long after, when no look-up can still be reading it. */
const CLOSE_AFTER_MS = 60_000;

const opened = new LRUCache<string, NpiRegistry>({
  max: OPEN_REGISTRIES,
  dispose: (registry) => {
    if (!("close" in registry) || typeof registry.close !== "function") return;
    const closing = setTimeout(() => (registry as { close(): void }).close(), CLOSE_AFTER_MS);
    closing.unref?.();
  },
});
registerCache({ name: "registries", size: () => opened.size, max: () => OPEN_REGISTRIES });
const logger = createLogger(process.env.NODE_ENV === "production" ? "json" : "text");

export function schemeNpiRegistry(dataDir: string, nppesApi?: NppesApiSettings): NpiRegistry {
  const live = nppesApi?.enabled ? `${nppesApi.url}|${nppesApi.timeoutMs}` : "local";
  const key = `${dataDir}|${localRegistrySource(dataDir)}|${live}`;
  let registry = opened.get(key);
  if (!registry) {
    registry = openNpiRegistry({ dataDir, fallbackDir: DEMO_FIXTURE, nppesApi, logger });
    opened.set(key, registry);
  }
  return registry;
}
