import type { IngestWarning } from "../../../server/ingest/report.ts";
import type { RowReviewState } from "../../../server/schemes/rowVerdicts.ts";
import type { CustomerUser } from "./types.ts";

/**
 * Shapes of the back office's organisation answers (admin-area.md sections 3 and 7). Fields the
 * screens do not read are left out; optional ones may be absent from older answers.
 */

export type ServiceAreaType = "PSA" | "SSA" | "TSA";

/** One zip of a year's service area; `checked` false reads 'to check'. */
export interface ServiceAreaItem {
  zipcode: string;
  type: ServiceAreaType | string;
  year: number;
  checked: boolean;
  available: boolean;
}

/** One row of the year's Facilities or Providers analysis tables. */
export interface AnalysisRow {
  id?: string;
  npi: string;
  name?: string;
  full_name?: string;
  /** This year's verdict on the row (server/schemes/rowVerdicts.ts). */
  note?: string | null;
  state?: RowReviewState | null;
}

export interface SpecialityNote {
  service: string;
  note: string | null;
}
export interface MixCapacityNote {
  subspeciality: string;
  volume: number | string | null;
  service_capacity: number | string | null;
}
export interface LnVolumeNote {
  provider_name: string;
  ln: number | null;
  upload: number | null;
  note?: string | null;
}

/** What the global validation found (admin-area.md section 3, "Validation"). */
export interface GlobalNote {
  speciality?: SpecialityNote[];
  mix_capacity?: MixCapacityNote[];
  ln_volumes?: LnVolumeNote[];
  new_patient_em?: string | null;
  mri?: string | null;
  initial_eval?: string | null;
  other_pt_ot?: string | null;
  casting_spliting?: string | null;
  aspiration_injection?: string | null;
}

export interface ValidationResult {
  valid: boolean;
  done: boolean;
  running_on?: string | null;
  note?: GlobalNote | null;
  /** A facility, location or provider changed after this run: its findings may no longer hold. */
  outdated?: boolean;
}

/**
 * A generator's state as the year answer carries it: true done, false running, absent todo. Some
 * answers carry the stored row instead ({status}); the helpers in admin/yearState.ts read both.
 */
export type SchemeFlag = boolean | null | undefined | { status?: string | null; done?: boolean | null };

export type QuestionnaireState = "waiting" | "under_analysis" | "valid";

export interface YearFile {
  uploaded: boolean;
  state?: string | null;
  url?: string | null;
  need_update?: boolean;
  /** Section 9 warnings of the current version, and the rows its upload set aside on request. */
  warnings?: IngestWarning[];
  skipped_rows?: number;
  rejected_rows_url?: string | null;
}

/** One accepted version of a year's data (server/ingest/versions.ts versionsOf). */
export interface YearVersion {
  id: string;
  data_version: number;
  created_at: string;
  by: string | null;
  file_names: string[];
  rows: number;
  checksum: string;
  warnings: IngestWarning[];
  skipped_rows: number;
  rejected_rows_url: string | null;
  restored_from: string | null;
  current: boolean;
}

/** The per-year data of one organisation (datas[year]). */
export interface YearData {
  service_area: ServiceAreaItem[];
  facilities: AnalysisRow[];
  providers: AnalysisRow[];
  validations: {
    facility?: ValidationResult | null;
    provider?: ValidationResult | null;
    global?: ValidationResult | null;
  };
  service_capabilities?: SchemeFlag;
  macro_capabilities?: SchemeFlag;
  market_profile?: SchemeFlag;
  scoring?: SchemeFlag;
  questionnaire?: { state: QuestionnaireState | string } | null;
  file?: YearFile | null;
  /** Every accepted version of the year, newest first (staff may restore an earlier one). */
  versions?: YearVersion[];
  /** The customer replaced the reviewed data (server/ingest/record.ts): back in review until enabled. */
  replaced?: { at: string; rows_before: number | null; rows: number } | null;
  /** 0..100, when the server computes it; else computed by admin/yearState.ts. */
  progress?: number;
  enabled?: boolean;
  requested?: boolean;
  prelaunched?: boolean;
  /** The server's gates (server/organisations/yearGates.ts); the web computes the same when absent. */
  gates?: Partial<Record<GateName, Gate>>;
}

export type GateName =
  | "facility_validation"
  | "provider_validation"
  | "global_validation"
  | "service_capabilities"
  | "macro_capabilities"
  | "market_profile"
  | "scoring"
  | "questionnaire_allow";

export interface Gate {
  allowed: boolean;
  message: string | null;
}

export interface AdminFacility {
  id: string;
  npi: string;
  name: string;
  physical_full_address?: string;
  billing_full_address?: string;
}

export interface AdminProvider {
  id: string;
  npi: string;
  full_name: string;
  category?: string | null;
  ptype?: string | null;
}

/** One customer as the back office reads it (the organisation answer of POST .../organization/). */
export interface AdminOrganization {
  id: string;
  name: string;
  address?: string;
  locale?: string;
  locale_zip?: string;
  full_address: string;
  phone_1: string;
  phone_2: string;
  fax: string;
  logo: string | null;
  initialized: boolean;
  agreement_accepted: boolean;
  users: CustomerUser[];
  facilities: AdminFacility[];
  providers: AdminProvider[];
  years: number[];
  available_years: number[];
  pending_years?: number[];
  accessible_years?: number[];
  has_file?: boolean;
  status?: "ACTIVE" | "INITIALIZATION";
  /** Per-year summary keyed by year (progress, file, service area, questionnaire). */
  datas?: Record<string, YearSummary>;
  /** Progress (0..100) per year, when the answer includes it. */
  progress?: Record<string, number>;
  /** Queries usage for the overview chart, when the answer includes it. */
  queries_usage?: QueryUsagePoint[];
}

/** What the overview knows of each year: its task, file and service area. */
export interface YearSummary extends YearTask {
  questionnaire: { state: string } | null;
  file: YearFile | null;
  service_area: ServiceAreaItem[];
}

/** One point of the queries usage chart: how many runs of one analysis on one date. */
export interface QueryUsagePoint {
  date: string;
  querie: string;
  count: number;
}

/** One 'Main Tasks' entry: a year of the organisation and where it stands. */
export interface YearTask {
  year: number;
  progress: number;
  enabled: boolean;
  requested: boolean;
  prelaunched: boolean;
  file_state: string;
}

/** One row of the customers list (a short organisation). */
export interface CustomerListItem {
  id: string;
  name: string;
  full_address: string;
  users: CustomerUser[] | number;
  status?: "ACTIVE" | "INITIALIZATION";
  initialized: boolean;
  main_tasks?: YearTask[];
  years?: number[];
  available_years?: number[];
  pending_years?: number[];
  /** Progress per year (0..100), the 'Main Tasks' column. */
  progress?: Record<string, number>;
}
