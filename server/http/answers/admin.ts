/**
 * The back office's answers about organisations and their years (admin-area.md sections 3, 4, 7):
 * the customers list, one customer, one year's data, the year lifecycle, service areas, versions.
 */
import { z } from "zod";
import { yearRefreshState } from "../../organisations/refreshShapes.ts";
import { isoTime, jobRef, nextCursor, ok, year } from "./common.ts";
import { facilityView, organisationView, providerView, rowVerdict, yearListsShape } from "./customer.ts";
import { ingestWarning } from "./uploads.ts";

export const organisationStatus = z.enum(["ACTIVE", "INITIALIZATION"]);
export const serviceAreaType = z.enum(["PSA", "SSA", "TSA"]);
export const fileState = z.string().meta({ description: "none, uploaded or need_update." });

/** The years staff see besides the customer's three lists (server/organisations/adminYears.ts). */
export const adminYearListsShape = {
  ...yearListsShape,
  accessible_years: z.array(year).meta({ description: "Years staff may open in the dummy view." }),
  has_file: z.boolean().meta({ description: "Some year has accepted practice data." }),
};

export const progressDetail = z
  .object({
    percent: z.number(),
    units: z.number(),
    total: z.number(),
    complete: z.boolean().meta({ description: "All 8 units done: the year may be initialised." }),
    missing: z.array(z.string()).meta({ description: "The labels of the units not done." }),
  })
  .meta({ description: "How the progress is made: the items done and those missing." });

/** One 'Main Tasks' entry: a year and where it stands (adminYears.ts yearTask). */
export const yearTask = z.strictObject({
  year,
  progress: z.number().meta({ description: "0 to 100." }),
  progress_detail: progressDetail,
  enabled: z.boolean(),
  requested: z.boolean(),
  prelaunched: z.boolean(),
  file_state: fileState,
});
export type YearTask = z.infer<typeof yearTask>;

/** One zip of a year's service area (organisationDetail.ts serviceAreaView). */
export const serviceAreaItem = z.strictObject({
  id: z.uuid(),
  zipcode: z.string(),
  type: serviceAreaType,
  year,
  checked: z.boolean().meta({ description: "false reads 'to check'." }),
  available: z.boolean(),
});
export type ServiceAreaItem = z.infer<typeof serviceAreaItem>;

/** The year's file panel (organisationDetail.ts fileView). */
export const yearFile = z.strictObject({
  uploaded: z.boolean(),
  state: fileState,
  need_update: z.boolean(),
  url: z.string().meta({ description: "Where staff send a practice file for the customer." }),
  name: z.string().nullable(),
  rows: z.number().int().nullable(),
  uploaded_at: isoTime.nullable(),
  warnings: z.array(ingestWarning),
  skipped_rows: z.number().int(),
  rejected_rows_url: z.string().nullable(),
});
export type YearFile = z.infer<typeof yearFile>;

/** One accepted version of a year's data (server/ingest/versions.ts versionsOf). */
export const yearVersion = z.strictObject({
  id: z.uuid(),
  data_version: z.number().int(),
  created_at: isoTime,
  by: z.string().nullable(),
  file_names: z.array(z.string()),
  rows: z.number().int(),
  checksum: z.string(),
  warnings: z.array(ingestWarning),
  skipped_rows: z.number().int(),
  rejected_rows_url: z.string().nullable(),
  restored_from: z.string().nullable(),
  current: z.boolean(),
  held: z.boolean().meta({
    description: "The version staff enabled, which customers keep reading while newer data is reviewed.",
  }),
});
export type YearVersion = z.infer<typeof yearVersion>;

/** A validation's state (server/schemes/present.ts validationView); null before the first run. */
export const validationView = z
  .strictObject({
    valid: z.boolean(),
    done: z.boolean(),
    running_on: z.string().nullable(),
    note: z.unknown().meta({ description: "What the run found (admin-area.md section 3, Validation)." }),
    updated_at: isoTime,
    outdated: z.boolean().meta({
      description:
        "An input (practice data, market data, profile, service area) changed since it ran: run it again.",
    }),
  })
  .nullable();
export type ValidationView = z.infer<typeof validationView>;

/** A generator's entry: null todo, false running, failed, or done with its result (schemeView). */
export const schemeView = z.union([
  z.null(),
  z.literal(false),
  z.strictObject({ status: z.literal("failed"), error: z.string().nullable() }),
  z.strictObject({
    status: z.literal("done"),
    done: z.literal(true),
    plugin_version: z.string().nullable(),
    updated_at: isoTime,
    outdated: z.boolean().meta({
      description: "An input changed since it was generated: shown, not counted; generate it again.",
    }),
    result: z.unknown(),
  }),
]);
export type SchemeView = z.infer<typeof schemeView>;

export const gate = z.strictObject({ allowed: z.boolean(), message: z.string() });
/** The year's actions (server/organisations/yearActions.ts): the calls refuse what these refuse. */
export const gateName = z.enum([
  "facility_validation",
  "provider_validation",
  "global_validation",
  "facility_validate_anyway",
  "provider_validate_anyway",
  "global_validate_anyway",
  "service_capabilities",
  "macro_capabilities",
  "market_profile",
  "scoring",
  "questionnaire_allow",
  "enable",
  "prelaunch",
]);

const gateShape = Object.fromEntries(gateName.options.map((name) => [name, gate])) as Record<
  z.infer<typeof gateName>,
  typeof gate
>;

/** What the overview knows of each year (organisationDetail.ts datas[year]). */
export const yearSummary = yearTask.extend({
  questionnaire: z.strictObject({ state: z.string() }).nullable(),
  file: yearFile,
  service_area: z.array(serviceAreaItem),
});
export type YearSummary = z.infer<typeof yearSummary>;

export const queryUsagePoint = z.strictObject({ date: z.string(), querie: z.string(), count: z.number() });

/** One customer as the back office reads it (server/organisations/organisationDetail.ts). */
export const adminOrganisation = organisationView.extend({
  status: organisationStatus,
  ...adminYearListsShape,
  progress: z.record(z.string(), z.number()).meta({ description: "0 to 100, by year." }),
  datas: z.record(z.string(), yearSummary).meta({ description: "Each year's summary, by year." }),
  queries_usage: z.array(queryUsagePoint),
});
export type AdminOrganization = z.infer<typeof adminOrganisation>;

/** One year's full data (server/organisations/yearDetail.ts). */
export const yearData = z.strictObject({
  year,
  enabled: z.boolean(),
  requested: z.boolean(),
  prelaunched: z.boolean(),
  service_area: z.array(serviceAreaItem),
  facilities: z.array(facilityView.extend(rowVerdict)),
  providers: z.array(providerView.extend({ name: z.string(), ...rowVerdict })),
  validations: z.strictObject({ facility: validationView, provider: validationView, global: validationView }),
  gates: z.strictObject(gateShape).meta({
    description:
      "Every action on the year: allowed or not, with the reason. The calls refuse exactly what is refused here, with the same message.",
  }),
  service_capabilities: schemeView,
  macro_capabilities: schemeView,
  market_profile: schemeView,
  scoring: schemeView,
  questionnaire: z.strictObject({ state: z.string() }).nullable(),
  file: yearFile,
  replaced: z
    .strictObject({ at: isoTime, rows_before: z.number().nullable(), rows: z.number().nullable() })
    .nullable()
    .meta({ description: "The customer replaced the reviewed data: back in review until enabled again." }),
  refresh: yearRefreshState
    .extend({
      reviewed_at: isoTime
        .nullable()
        .meta({ description: "When staff last enabled the year (the version compared with)." }),
      changes: z
        .array(
          z.strictObject({
            what: z.string(),
            before: z.union([z.number(), z.string()]).nullable(),
            after: z.union([z.number(), z.string()]).nullable(),
          }),
        )
        .nullable()
        .meta({
          description:
            "What differs from the enabled version (only what changed); null before a first enable.",
        }),
    })
    .nullable()
    .meta({
      description:
        "The refresh after new data replaced the reviewed data: every step the year's rule allowed, run in one job. `ready`: staff may enable; `stopped`: `needs` says what they must do first.",
    }),
  versions: z.array(yearVersion).meta({
    description:
      "The year's newest accepted versions (20); `versions_next_cursor` reads the next page from GET /api/management/admin/customer/year-version/{orgid}/{year}/.",
  }),
  versions_next_cursor: nextCursor,
  progress: z.number(),
  progress_detail: progressDetail.extend({ items: z.unknown() }),
});
export type YearData = z.infer<typeof yearData>;

/** One row of the customers list (server/organisations/customersList.ts). */
export const customerListItem = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  full_address: z.string(),
  users: z.number().int().meta({ description: "How many users the organisation has." }),
  status: organisationStatus,
  initialized: z.boolean(),
  agreement_accepted: z.boolean(),
  ...adminYearListsShape,
  main_tasks: z.array(yearTask),
  progress: z.record(z.string(), z.number()),
});
export type CustomerListItem = z.infer<typeof customerListItem>;

/** Where each organisation stands in one year (customersList.ts organisationYearDict). */
export const organisationYearEntry = z.strictObject({
  name: z.string(),
  status: organisationStatus,
  has_year: z.boolean(),
  progress: z.number(),
  progress_detail: progressDetail.nullable(),
  enabled: z.boolean(),
  prelaunched: z.boolean(),
  file_state: fileState.nullable(),
});

/** POST /api/management/admin/organization/: one answer per form of the body. */
export const customersListAnswer = z.strictObject({ status: ok, organizations: z.array(customerListItem) });
export const organisationYearDictAnswer = z.strictObject({
  status: ok,
  year,
  org_year_dict: z.record(z.string(), organisationYearEntry).meta({ description: "By organisation id." }),
});
export const adminOrganisationAnswer = z.strictObject({ status: ok, organization: adminOrganisation });
export const organisationYearAnswer = z.strictObject({
  status: ok,
  organization: adminOrganisation,
  year,
  data: yearData,
});
export const organisationReadAnswer = z.union([
  customersListAnswer,
  organisationYearDictAnswer,
  organisationYearAnswer,
  adminOrganisationAnswer,
]);

/** The years after a lifecycle step (enable, request, prelaunch, remove). */
const yearsAfter = { status: ok, detail: z.string(), year, ...adminYearListsShape };
export const yearEnabledAnswer = z.strictObject({
  ...yearsAfter,
  enabled: z.literal(true),
  initialized: z.literal(true),
});
export const yearRequestedAnswer = z.strictObject({ ...yearsAfter, requested: z.literal(true) });
export const yearPrelaunchedAnswer = z.strictObject({ ...yearsAfter, prelaunched: z.literal(true) });
export const yearRemovedAnswer = z.strictObject({
  ...yearsAfter,
  action: z.literal("delete").nullable().meta({ description: "delete: the year went; null: only its data." }),
  practice_data_removed: z.boolean(),
  upload_files_removed: z.number().int(),
});
export const versionsAnswer = z.strictObject({
  status: ok,
  detail: z.string(),
  versions: z
    .array(yearVersion)
    .meta({ description: "The first page of the year's versions, newest first." }),
  next_cursor: nextCursor,
});
/** A page of a year's versions, newest first (GET .../year-version/{orgid}/{year}/). */
export const versionsPageAnswer = z.strictObject({
  status: ok,
  versions: z.array(yearVersion),
  next_cursor: nextCursor,
});

/** The service area calls answer the year's zips and what the call did. */
const serviceAreaShape = { status: ok, year, service_area: z.array(serviceAreaItem) };
export const serviceAreaAddedAnswer = z.strictObject({ ...serviceAreaShape, added: z.number().int() });
export const serviceAreaRemovedAnswer = z.strictObject({ ...serviceAreaShape, removed: z.number().int() });
export const serviceAreaCheckedAnswer = z.strictObject({
  ...serviceAreaShape,
  check: z.array(
    z.strictObject({
      zipcode: z.string(),
      known: z.boolean(),
      in_market: z.boolean(),
      available: z.boolean(),
    }),
  ),
});

/** The start of a validation or scheme run: its entry now and the queued job. */
export const schemeRunAnswer = z.strictObject({
  status: ok,
  data: z.union([validationView, schemeView]),
  job: jobRef,
});
export const validationAnswer = z.strictObject({ status: ok, data: validationView });

export const organisationDeletedAnswer = z.strictObject({
  status: ok,
  deleted: z.uuid().meta({ description: "The deleted organisation's id." }),
});

const areaShares = z.strictObject({ psa: z.number(), ssa: z.number(), tsa: z.number() });
/** POST /api/management/admin/customer/service_area/suggest/ (writes nothing). */
export const serviceAreaSuggestionAnswer = z.strictObject({
  status: ok,
  year,
  shares: areaShares.meta({ description: "The cumulative shares of cases that end each area." }),
  basis: z
    .enum(["surgical_cases", "patients"])
    .meta({ description: "What was counted: surgical cases, or patients when the year has none." }),
  service_area: z.array(z.strictObject({ zipcode: z.string(), type: serviceAreaType, cases: z.number() })),
  totals: z.strictObject({
    cases: z.number(),
    psa_cases: z.number(),
    ssa_cases: z.number(),
    tsa_cases: z.number(),
  }),
});
export type ServiceAreaSuggestion = z.infer<typeof serviceAreaSuggestionAnswer>;
