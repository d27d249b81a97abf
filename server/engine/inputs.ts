/**
 * What one run reads. The engine resolves these for an organisation and year (organisationInputs.ts)
 * and binds them in DuckDB under fixed relation names (bindInputs.ts); kernels only see the names:
 * market_cases, market_cases_reference, practice_lines, service_area, service_area_reference,
 * org_providers, org_facilities, demographics, the derived relations (sql/derived_relations.sql: area_cases,
 * area_cases_reference, area_zip_cases, market_facilities, provider_main_zip) and the base views
 * built on them (sql/base_views.sql).
 */
import type { ZipPolygonLookup } from "../geo/zipPolygon.ts";
import type { DerivedFiles } from "./derived/derivedFiles.ts";
import type { KeptValues } from "./derived/keptJson.ts";
import type { ServiceAreaType } from "./filters.ts";

export interface OrgProvider {
  npi: string;
  full_name: string;
}

/** A facility or one of its locations. Locations carry their facility's NPI (they have none). */
export interface OrgFacility {
  npi: string;
  kind: "facility" | "location";
  name: string;
  facility_name: string;
  zip: string;
  lat: number | null;
  lon: number | null;
}

export interface ServiceAreaZip {
  zipcode: string;
  type: ServiceAreaType;
}

export interface OrganisationDimensions {
  providers: OrgProvider[];
  facilities: OrgFacility[];
  serviceArea: ServiceAreaZip[];
  /** The reference year's list; querie10 compares against it. */
  serviceAreaReference: ServiceAreaZip[];
}

export interface CanonicalFiles {
  /** Parquet files of the year's market cases (all organisations share them). */
  marketCases: string[];
  marketCasesReference: string[];
  /** Parquet files of the organisation-year's practice lines. */
  practiceLines: string[];
  /** The year's demographics Parquet (kind DEMO), when uploaded: bound as `demographics`. */
  demographics?: string[];
  /**
   * The derived relations kept as files (server/engine/derived/): written on first use, then read
   * instead of the whole market. Without them every derived relation is computed live.
   */
  derived?: DerivedFiles;
}

export interface CanonicalInputs {
  year: number;
  /** The oldest available year of the organisation (equal to year when it is the only one). */
  referenceYear: number;
  files: CanonicalFiles;
  dimensions: OrganisationDimensions;
  /** Zip polygons (fixture or imported ZCTA file, else approximate circles). */
  zipPolygon: ZipPolygonLookup;
  /** Where values made from the organisation-year's data are kept (with its derived files). */
  kept?: KeptValues;
  /**
   * The organisation's years with data, oldest first, when the run serves a request (runPlugin):
   * a kernel tells "only one year" from "the oldest of several" with it (the trend notes).
   */
  availableYears?: number[];
}

/** What a kernel may read besides SQL: the dimensions (for markers and polygons) and the years. */
export interface KernelInputs {
  year: number;
  referenceYear: number;
  dimensions: OrganisationDimensions;
  zipPolygon: ZipPolygonLookup;
  /** Where values made from the organisation-year's data are kept as JSON (derived/keptJson.ts); none without derived files. */
  kept?: KeptValues;
  /**
   * The organisation's years with data, oldest first, when the run serves a request (runPlugin):
   * a kernel tells "only one year" from "the oldest of several" with it (the trend notes).
   */
  availableYears?: number[];
}
