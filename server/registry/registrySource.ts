/**
 * The provider registry the product's look-ups read (data-contract.md section 7): the same one the
 * validations consult (server/schemes/npiSource.ts, chosen by openRegistry.ts: the deployment's
 * NPPES import or registry file, else the committed fixture's; with NPPES_API=1 the live NPPES API
 * in front of it). Callers see only the NpiRegistry interface (npiRegistry.ts).
 */
import type { Config } from "../config.ts";
import { schemeNpiRegistry } from "../schemes/npiSource.ts";
import type { NpiRegistry } from "./npiRegistry.ts";

export function npiRegistryFor(config: Pick<Config, "dataDir" | "nppesApi">): NpiRegistry {
  return schemeNpiRegistry(config.dataDir, config.nppesApi);
}
