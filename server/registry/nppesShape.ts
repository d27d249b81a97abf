/**
 * The NPPES NPI Registry API v2.1 answer shape (https://npiregistry.cms.hhs.gov/api/?version=2.1),
 * limited to the fields the product reads. The local registry files use the same shape, so a
 * deployment can swap the local table for the live API without touching callers.
 */
import { z } from "zod";

export const nppesAddressSchema = z.looseObject({
  country_code: z.string().default("US"),
  country_name: z.string().default("United States"),
  address_purpose: z.enum(["LOCATION", "MAILING", "PRIMARY", "SECONDARY"]),
  address_type: z.string().default("DOM"),
  address_1: z.string(),
  address_2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  telephone_number: z.string().optional(),
});

export const nppesTaxonomySchema = z.looseObject({
  code: z.string(),
  taxonomy_group: z.string().optional(),
  desc: z.string(),
  state: z.string().optional(),
  license: z.string().optional(),
  primary: z.boolean(),
});

export const nppesBasicSchema = z.looseObject({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  middle_name: z.string().optional(),
  credential: z.string().optional(),
  sole_proprietor: z.string().optional(),
  gender: z.string().optional(),
  organization_name: z.string().optional(),
  organizational_subpart: z.string().optional(),
  enumeration_date: z.string().optional(),
  last_updated: z.string().optional(),
  status: z.string().optional(),
});

export const nppesResultSchema = z.looseObject({
  created_epoch: z.string().optional(),
  enumeration_type: z.enum(["NPI-1", "NPI-2"]),
  last_updated_epoch: z.string().optional(),
  number: z.string().regex(/^\d{10}$/),
  addresses: z.array(nppesAddressSchema),
  practiceLocations: z.array(nppesAddressSchema).optional(),
  basic: nppesBasicSchema,
  taxonomies: z.array(nppesTaxonomySchema),
  identifiers: z.array(z.unknown()).optional(),
  endpoints: z.array(z.unknown()).optional(),
  other_names: z.array(z.unknown()).optional(),
});

export type NppesAddress = z.infer<typeof nppesAddressSchema>;
export type NppesTaxonomy = z.infer<typeof nppesTaxonomySchema>;
export type NppesResult = z.infer<typeof nppesResultSchema>;

/** The API's envelope: `{ result_count, results }`; an unknown NPI answers result_count 0. */
export interface NppesAnswer {
  result_count: number;
  results: NppesResult[];
}

/** The file `registry/npi_registry.json` holds an NppesAnswer (or a bare array of results). */
export const registryFileSchema = z.union([
  z.object({ result_count: z.number().optional(), results: z.array(nppesResultSchema) }),
  z.array(nppesResultSchema),
]);
