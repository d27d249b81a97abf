import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { IngestWarning } from "../../ingest/report.ts";
import type { ReviewedSummary, YearRefreshState } from "../../organisations/refreshShapes.ts";
import { createdAt, id, updatedAt } from "./columns.ts";
import { customerUsers, organisations } from "./identity.ts";

const organisationRef = () =>
  uuid("organisation_id")
    .notNull()
    .references(() => organisations.id, { onDelete: "cascade" });

/** Where care is given: the columns a facility and each of its locations share (the same form fields). */
const siteColumns = () => ({
  physicalAddress: text("physical_address").notNull().default(""),
  physicalLocale: text("physical_locale").notNull().default(""),
  physicalLocaleZip: text("physical_locale_zip").notNull().default(""),
  siteOfCareCodesBilled: jsonb("site_of_care_codes_billed").$type<string[]>().notNull().default([]),
  servicesProvided: jsonb("services_provided").$type<string[]>().notNull().default([]),
  servicesProvidedTextbox: text("services_provided_textbox").notNull().default(""),
  openedOn: date("opened_on"),
  closedOn: date("closed_on"),
  lat: doublePrecision("lat"),
  lon: doublePrecision("lon"),
});

export const facilities = pgTable(
  "facilities",
  {
    id: id(),
    organisationId: organisationRef(),
    npi: text("npi").notNull(),
    name: text("name").notNull(),
    ...siteColumns(),
    billingAddress: text("billing_address").notNull().default(""),
    billingLocale: text("billing_locale").notNull().default(""),
    billingLocaleZip: text("billing_locale_zip").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("facilities_organisation_idx").on(table.organisationId),
    unique("facilities_org_npi_unique").on(table.organisationId, table.npi),
  ],
);

export const facilityLocations = pgTable(
  "facility_locations",
  {
    id: id(),
    facilityId: uuid("facility_id")
      .notNull()
      .references(() => facilities.id, { onDelete: "cascade" }),
    organisationId: organisationRef(),
    name: text("name").notNull(),
    ...siteColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("facility_locations_facility_idx").on(table.facilityId)],
);

export const providers = pgTable(
  "providers",
  {
    id: id(),
    organisationId: organisationRef(),
    npi: text("npi").notNull(),
    lastName: text("last_name").notNull().default(""),
    firstName: text("first_name").notNull().default(""),
    middleName: text("middle_name").notNull().default(""),
    suffix: text("suffix").notNull().default(""),
    fullName: text("full_name").notNull(),
    age: integer("age"),
    phone: text("phone").notNull().default(""),
    fax: text("fax").notNull().default(""),
    address1: text("address1").notNull().default(""),
    address2: text("address2").notNull().default(""),
    city: text("city").notNull().default(""),
    zipcode: text("zipcode").notNull().default(""),
    dateJoined: date("date_joined"),
    dateRetire: date("date_retire"),
    clinicalCertification: text("clinical_certification").notNull().default(""),
    category: text("category").notNull().default(""),
    ptype: text("ptype").notNull().default(""),
    speciality: jsonb("speciality").$type<string[]>().notNull().default([]),
    specialityTextbox: text("speciality_textbox").notNull().default(""),
    abosFellowshipTrained: text("abos_fellowship_trained").notNull().default(""),
    shareholder: boolean("shareholder").notNull().default(false),
    employedByPractice: boolean("employed_by_practice").notNull().default(false),
    fteStatus: text("fte_status").notNull().default(""),
    nameWorkAt: jsonb("name_work_at").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("providers_organisation_idx").on(table.organisationId),
    unique("providers_org_npi_unique").on(table.organisationId, table.npi),
  ],
);

export const yearFileStates = ["none", "need_update", "processing", "uploaded", "rejected"] as const;

/** One year of an organisation: its data file, whether it is enabled for the customer, its version. */
export const organisationYears = pgTable(
  "organisation_years",
  {
    id: id(),
    organisationId: organisationRef(),
    year: integer("year").notNull(),
    /** Enabled (initialised) years are the ones the customer reads. */
    enabled: boolean("enabled").notNull().default(false),
    /** Staff asked the customer for this year's data. */
    requested: boolean("requested").notNull().default(false),
    prelaunched: boolean("prelaunched").notNull().default(false),
    fileState: text("file_state", { enum: yearFileStates }).notNull().default("none"),
    /** Bumped on every accepted upload; part of every analysis cache key. */
    dataVersion: integer("data_version").notNull().default(0),
    rows: bigint("rows", { mode: "number" }).notNull().default(0),
    checksum: text("checksum"),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }),
    /** Section 9 warnings of the current version (what loaded but changes meaning), with counts. */
    warnings: jsonb("warnings").$type<IngestWarning[]>().notNull().default([]),
    /** Rows the current version's upload set aside on request (skip_invalid). */
    skippedRows: bigint("skipped_rows", { mode: "number" }).notNull().default(0),
    /** Bumped on every change of the year's service area: an input version of its results. */
    areaRevision: integer("area_revision").notNull().default(0),
    /** The version switched in now (practice_year_versions.id). */
    currentVersionId: uuid("current_version_id"),
    /**
     * When an accepted upload last replaced the year's reviewed data: the year went back to review
     * (not enabled, its validations and results out of date) until staff enable it again.
     */
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
    /** The rows of the data that upload replaced (the screens say "2,275 -> 1,453 rows"). */
    replacedRows: bigint("replaced_rows", { mode: "number" }),
    /**
     * The version customers keep reading while a newer one is reviewed: the enabled version when an
     * upload or a restore replaced it; cleared when staff enable the year again or remove its file.
     */
    heldVersionId: uuid("held_version_id"),
    /** The version staff last enabled, in figures: what a refresh's changes are measured against. */
    reviewed: jsonb("reviewed").$type<ReviewedSummary>(),
    /** The year's refresh after new data (server/organisations/yearRefresh.ts), while it matters. */
    refresh: jsonb("refresh").$type<YearRefreshState>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [unique("organisation_years_org_year_unique").on(table.organisationId, table.year)],
);

/**
 * Every accepted version of an organisation's year (an upload, or a restore of an earlier one):
 * its canonical Parquet is kept under warehouse/practice/<org>/<year>/versions/<storage_name>.
 */
export const practiceYearVersions = pgTable(
  "practice_year_versions",
  {
    id: id(),
    organisationId: organisationRef(),
    year: integer("year").notNull(),
    dataVersion: integer("data_version").notNull(),
    uploadIds: jsonb("upload_ids").$type<string[]>().notNull().default([]),
    fileNames: jsonb("file_names").$type<string[]>().notNull().default([]),
    uploadedBy: uuid("uploaded_by").references(() => customerUsers.id, { onDelete: "set null" }),
    uploadedByStaff: uuid("uploaded_by_staff"),
    rows: bigint("rows", { mode: "number" }).notNull(),
    checksum: text("checksum").notNull(),
    warnings: jsonb("warnings").$type<IngestWarning[]>().notNull().default([]),
    skippedRows: bigint("skipped_rows", { mode: "number" }).notNull().default(0),
    /** The CSV of the rows set aside (uploads/practice/<org>/rejected/<name>), when any. */
    rejectedRowsName: text("rejected_rows_name"),
    /** The kept Parquet (warehouse/practice/<org>/<year>/versions/<name>). */
    storageName: text("storage_name").notNull(),
    /** Set on a restore: the version it brought back. */
    restoredFrom: uuid("restored_from"),
    createdAt: createdAt(),
  },
  // The year's versions a page at a time, newest first (server/ingest/versions.ts versionsOf): the
  // index holds the page's order, read backwards, so a page reads only its rows.
  (table) => [
    index("practice_year_versions_page_idx").on(
      table.organisationId,
      table.year,
      table.createdAt,
      table.dataVersion,
      table.id,
    ),
  ],
);

export const serviceAreaTypes = ["PSA", "SSA", "TSA"] as const;

export const serviceAreas = pgTable(
  "service_areas",
  {
    id: id(),
    organisationId: organisationRef(),
    year: integer("year").notNull(),
    zipcode: text("zipcode").notNull(),
    type: text("type", { enum: serviceAreaTypes }).notNull(),
    checked: boolean("checked").notNull().default(false),
    available: boolean("available").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    unique("service_areas_org_year_zip_unique").on(table.organisationId, table.year, table.zipcode),
  ],
);

export const uploadStates = ["processing", "accepted", "rejected", "superseded"] as const;

/** Every practice data file received: metadata only (the user's file name never names storage). */
export const practiceUploads = pgTable(
  "practice_uploads",
  {
    id: id(),
    organisationId: organisationRef(),
    uploadedBy: uuid("uploaded_by").references(() => customerUsers.id, { onDelete: "set null" }),
    uploadedByStaff: uuid("uploaded_by_staff"),
    originalName: text("original_name").notNull(),
    storageName: text("storage_name").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    checksum: text("checksum").notNull(),
    years: jsonb("years").$type<number[]>().notNull().default([]),
    rows: bigint("rows", { mode: "number" }).notNull().default(0),
    state: text("state", { enum: uploadStates }).notNull().default("processing"),
    errorReport: jsonb("error_report"),
    /** Rows set aside on request (skip_invalid) and the CSV listing them with their reasons. */
    skippedRows: bigint("skipped_rows", { mode: "number" }).notNull().default(0),
    rejectedRowsName: text("rejected_rows_name"),
    /** When the raw file was removed (a refused upload's, after the retention). */
    fileRemovedAt: timestamp("file_removed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("practice_uploads_organisation_idx").on(table.organisationId)],
);

export const marketKinds = ["IP", "OP", "DEMO"] as const;

/** Advisory-board market uploads (shared by every organisation of the region). */
export const advisoryBoardUploads = pgTable("advisory_board_uploads", {
  id: id(),
  kind: text("kind", { enum: marketKinds }).notNull(),
  year: integer("year").notNull(),
  uploadedBy: uuid("uploaded_by"),
  originalName: text("original_name").notNull(),
  storageName: text("storage_name").notNull(),
  bytes: bigint("bytes", { mode: "number" }).notNull(),
  checksum: text("checksum").notNull(),
  rows: bigint("rows", { mode: "number" }).notNull().default(0),
  /** Bumped on every accepted upload of this kind and year; part of the analysis cache key. */
  dataVersion: integer("data_version").notNull().default(0),
  state: text("state", { enum: uploadStates }).notNull().default("processing"),
  errorReport: jsonb("error_report"),
  createdAt: createdAt(),
});
