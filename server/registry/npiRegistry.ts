/**
 * The provider registry interface (data-contract.md section 7). The default implementation is the
 * local table of localRegistry.ts. A deployment that may call the live NPPES API would implement
 * the same interface with `GET https://npiregistry.cms.hhs.gov/api/?version=2.1&number=<npi>` for
 * lookups and `&first_name=&last_name=` / `&organization_name=` (trailing `*` wildcards, `limit`
 * up to 200) for searches, returning the API's JSON unchanged: its answers already have the
 * NppesAnswer shape. This build ships only the local registry: the product runs without network access.
 */
import type { NppesAnswer } from "./nppesShape.ts";

export interface NpiSearch {
  /** Matches the individual's first name; a trailing `*` makes it a prefix. */
  first_name?: string;
  last_name?: string;
  /** Matches an organisation's name; a trailing `*` makes it a prefix. */
  organization_name?: string;
  /** NPI-1 (individuals) or NPI-2 (organisations). */
  enumeration_type?: "NPI-1" | "NPI-2";
  postal_code?: string;
  /** Default 10, at most 200, as in the API. */
  limit?: number;
}

export interface NpiRegistry {
  lookupNpi(number: string): Promise<NppesAnswer>;
  search(query: NpiSearch): Promise<NppesAnswer>;
}
