/**
 * The provider registry the product's look-ups read (data-contract.md section 7). One place to
 * choose it: today the local NPPES-shaped table the validations also read (the deployment's own
 * extract in $DATA_DIR/registry/, else the committed fixture's); a live NPPES adapter implementing
 * NpiRegistry (npiRegistry.ts) would be returned from here when a deployment turns it on.
 */
import { schemeNpiRegistry } from "../schemes/npiSource.ts";
import type { NpiRegistry } from "./npiRegistry.ts";

export function npiRegistryFor(dataDir: string): NpiRegistry {
  return schemeNpiRegistry(dataDir);
}
