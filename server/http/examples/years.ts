/**
 * Examples of the API document: the back office's year lifecycle, versions, service areas and
 * uploads. Checked against the routes' answer schemas by tests/api/apiDocument.test.ts.
 */
import { ORGANISATION_ID } from "./people.ts";

const yearLists = {
  years: [2024, 2025],
  available_years: [2024, 2025],
  replaced_years: [],
  pending_years: [],
  held_years: [],
  accessible_years: [2024, 2025],
  has_file: true,
};

export const yearEnabledExample = {
  status: 200 as const,
  detail: "2025 is enabled: the customer reads it now.",
  year: 2025,
  ...yearLists,
  enabled: true as const,
  initialized: true as const,
};

export const yearRequestedExample = {
  status: 200 as const,
  detail: "2026 is requested: the customer may upload its data.",
  year: 2026,
  ...yearLists,
  years: [2024, 2025, 2026],
  requested: true as const,
};

export const yearPrelaunchedExample = {
  status: 200 as const,
  detail: "2025 is prelaunched: staff may open it in the dummy view.",
  year: 2025,
  ...yearLists,
  years: [2024],
  prelaunched: true as const,
};

export const yearRemovedExample = {
  status: 200 as const,
  detail: "2025 and its data were removed.",
  year: 2025,
  ...yearLists,
  years: [2024],
  available_years: [2024],
  accessible_years: [2024],
  action: "delete" as const,
  practice_data_removed: true,
  upload_files_removed: 2,
};

export const versionsExample = {
  status: 200 as const,
  detail: "Version 1 of 2024 is the current one again.",
  versions: [
    {
      id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
      data_version: 3,
      created_at: "2026-11-28T10:04:55.000Z",
      by: "sam.okafor",
      file_names: ["professional_fees.csv"],
      rows: 48_210,
      checksum: "sha256:9f2c4e6a8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4a6b8d0f2a4c6e8b0d2f",
      warnings: [],
      skipped_rows: 0,
      rejected_rows_url: null,
      restored_from: "c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f",
      current: true,
      held: false,
    },
  ],
  next_cursor: null,
};

/** A page of a year's versions with one more page to read. */
export const versionsPageExample = {
  status: 200 as const,
  versions: versionsExample.versions,
  next_cursor: "WyIyMDI2LTExLTI4IDEwOjA0OjU1KzAwIiwiMyIsImExYjJjM2Q0LWU1ZjYtNGE3Yi04YzlkLTBlMWYyYTNiNGM1ZCJd",
};

const serviceArea = [
  {
    id: "d4e5f6a7-b8c9-4d0e-9f1a-2b3c4d5e6f7a",
    zipcode: "62701",
    type: "PSA" as const,
    year: 2024,
    checked: true,
    available: true,
  },
];

export const serviceAreaAddedExample = {
  status: 200 as const,
  year: 2024,
  service_area: serviceArea,
  added: 1,
};
export const serviceAreaRemovedExample = { status: 200 as const, year: 2024, service_area: [], removed: 1 };
export const serviceAreaCheckedExample = {
  status: 200 as const,
  year: 2024,
  service_area: serviceArea,
  check: [{ zipcode: "62701", known: true, in_market: true, available: true }],
};

export const serviceAreaSuggestionExample = {
  status: 200 as const,
  year: 2024,
  shares: { psa: 0.6, ssa: 0.85, tsa: 0.95 },
  basis: "surgical_cases" as const,
  service_area: [
    { zipcode: "62701", type: "PSA" as const, cases: 412 },
    { zipcode: "62704", type: "SSA" as const, cases: 118 },
  ],
  totals: { cases: 600, psa_cases: 412, ssa_cases: 118, tsa_cases: 0 },
};

export const practiceUploadExample = {
  status: "accepted" as const,
  years: [2024],
  rows: 48_210,
  warnings: [
    {
      code: "blank_value",
      table: "professional_fees",
      column: "cpt",
      count: 3,
      message: "3 lines have no CPT code: set aside.",
      year: 2024,
    },
  ],
  tables_read: [{ file: "professional_fees.csv", table: "professional_fees" }],
  skipped_rows: 3,
  rejected_rows_url: "/api/management/customer/file/rejected/e5f6a7b8-c9d0-4e1f-8a2b-3c4d5e6f7a8b/",
};

export const marketUploadExample = { status: "accepted" as const, years: [2024], rows: 1_250_000 };

export const organisationDeletedExample = { status: 200 as const, deleted: ORGANISATION_ID };

/** The `{year}` form of the staff's customers read: where every organisation stands that year. */
export const organisationYearDictExample = {
  status: 200 as const,
  year: 2025,
  org_year_dict: {
    [ORGANISATION_ID]: {
      name: "Riverside Orthopaedics",
      status: "ACTIVE" as const,
      has_year: true,
      progress: 75,
      progress_detail: null,
      enabled: false,
      prelaunched: false,
      file_state: "uploaded",
    },
  },
};
