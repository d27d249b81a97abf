/**
 * The API's answers as the web app reads them. Every type here is derived from the server's answer
 * schemas (server/http/answers/): the answer check holds every answer the routes give to the same
 * schemas in tests, so a changed answer changes these types and `tsc` names each screen it breaks.
 *
 * Type-only imports: no schema code enters the bundle. web/src/api/answerTypes.test.ts fails when an
 * answer type is written by hand (here or in web/src/api) or a call's answer is typed without these.
 */
import type { z } from "zod";
import type { GlobalNote } from "../../../schemes/validation_global/scheme.ts";
import type * as admin from "../../../server/http/answers/admin.ts";
import type * as analyses from "../../../server/http/answers/analyses.ts";
import type * as audit from "../../../server/http/answers/audit.ts";
import type * as common from "../../../server/http/answers/common.ts";
import type * as customer from "../../../server/http/answers/customer.ts";
import type * as reports from "../../../server/http/answers/reports.ts";
import type * as schemes from "../../../server/http/answers/schemes.ts";
import type * as services from "../../../server/http/answers/services.ts";
import type * as staff from "../../../server/http/answers/staff.ts";
import type * as uploads from "../../../server/http/answers/uploads.ts";
import type { JsonSchema, ViewDescriptor } from "../query/types.ts";
import type { Narrowed } from "./narrowed.ts";

type Of<Schema extends z.ZodType> = z.output<Schema>;

// Common

export type StatusDetail = Of<typeof common.statusDetailAnswer>;
export type LiveItemAnswer = Of<typeof common.liveItem>;
export type PageAnswer = Of<typeof common.pageAnswer>;

// The customer area: the session check, the organisation, its users and practice profile

export type CustomerUser = Of<typeof customer.customerUser>;
export type CustomerProfile = Of<typeof customer.customerProfile>;
export type FacilityView = Of<typeof customer.facilityView>;
export type LocationView = Of<typeof customer.locationView>;
export type ProviderView = Of<typeof customer.providerView>;
export type SetupStepKey = Of<typeof customer.setupStepKey>;
export type SetupView = Of<typeof customer.setupView>;
export type Organization = Of<typeof customer.organisationView>;
export type CustomerDetail = Of<typeof customer.customerDetailAnswer>;
export type UserAnswer = Of<typeof customer.userAnswer>;
export type FacilityAnswer = Of<typeof customer.facilityAnswer>;
export type FacilitiesAnswer = Of<typeof customer.facilitiesAnswer>;
export type LocationsAnswer = Of<typeof customer.locationsAnswer>;
export type ProviderAnswer = Of<typeof customer.providerAnswer>;
export type ProvidersAnswer = Of<typeof customer.providersAnswer>;
export type CustomerSigninAnswer = Of<typeof customer.customerSigninAnswer>;
export type OwnProfileAnswer = Of<typeof customer.ownProfileAnswer>;
export type LogoAnswer = Of<typeof customer.logoAnswer>;
export type AgreementAnswer = Of<typeof customer.agreementAnswer>;
export type OrganisationAnswer = Of<typeof customer.organisationAnswer>;

// The back office's accounts

export type StaffProfile = Of<typeof staff.staffProfile>;
export type AdminDetail = Of<typeof staff.adminDetailAnswer>;
export type StaffSigninAnswer = Of<typeof staff.staffSigninAnswer>;
export type Agent = Of<typeof staff.agentEntry>;
export type AgentAddedAnswer = Of<typeof staff.agentAddedAnswer>;
export type AgentsAnswer = Of<typeof staff.agentsAnswer>;
export type StaffProfileAnswer = Of<typeof staff.staffProfileAnswer>;

// The back office's organisations and years

export type ServiceAreaType = Of<typeof admin.serviceAreaType>;
export type ServiceAreaItem = Of<typeof admin.serviceAreaItem>;
export type YearFile = Of<typeof admin.yearFile>;
export type YearVersion = Of<typeof admin.yearVersion>;
export type ValidationView = Of<typeof admin.validationView>;
/** A validation that has run (the year detail's entry is null before the first run). */
export type ValidationResult = NonNullable<ValidationView>;
export type SchemeView = Of<typeof admin.schemeView>;
export type Gate = Of<typeof admin.gate>;
export type GateName = Of<typeof admin.gateName>;
export type YearData = Of<typeof admin.yearData>;
/** A row of the year's Facilities or Providers table, with this year's verdict on it. */
export type AnalysisRow = YearData["facilities"][number] | YearData["providers"][number];
export type YearTask = Of<typeof admin.yearTask>;
export type YearSummary = Of<typeof admin.yearSummary>;
export type QueryUsagePoint = Of<typeof admin.queryUsagePoint>;
export type AdminOrganization = Of<typeof admin.adminOrganisation>;
export type CustomerListItem = Of<typeof admin.customerListItem>;
export type CustomersListAnswer = Of<typeof admin.customersListAnswer>;
export type AdminOrganisationAnswer = Of<typeof admin.adminOrganisationAnswer>;
export type OrganisationYearAnswer = Of<typeof admin.organisationYearAnswer>;
export type YearEnabledAnswer = Of<typeof admin.yearEnabledAnswer>;
export type YearRequestedAnswer = Of<typeof admin.yearRequestedAnswer>;
export type YearPrelaunchedAnswer = Of<typeof admin.yearPrelaunchedAnswer>;
export type YearRemovedAnswer = Of<typeof admin.yearRemovedAnswer>;
export type VersionsAnswer = Of<typeof admin.versionsAnswer>;
export type VersionsPageAnswer = Of<typeof admin.versionsPageAnswer>;
export type ServiceAreaAddedAnswer = Of<typeof admin.serviceAreaAddedAnswer>;
export type ServiceAreaRemovedAnswer = Of<typeof admin.serviceAreaRemovedAnswer>;
export type ServiceAreaCheckedAnswer = Of<typeof admin.serviceAreaCheckedAnswer>;
export type SchemeRunAnswer = Of<typeof admin.schemeRunAnswer>;
export type ValidationAnswer = Of<typeof admin.validationAnswer>;
export type OrganisationDeletedAnswer = Of<typeof admin.organisationDeletedAnswer>;
export type ServiceAreaSuggestion = Of<typeof admin.serviceAreaSuggestionAnswer>;

/** What the global validation found: its `note`, by the plugin's own result schema. */
export type { GlobalNote };

// The analyses: their filters' JSON Schema and their view are open (records) in the answer schema

export type QueryManifest = Narrowed<
  Of<typeof analyses.queryManifestEntry>,
  { filters: JsonSchema; view: ViewDescriptor }
>;
export type Manifest = Narrowed<Of<typeof analyses.manifestAnswer>, { queries: QueryManifest[] }>;
export type RunResponse = Of<typeof analyses.runAnswer>;
/** A saved query's run (POST .../queries/{id}) always names the saved query; a plain run does not. */
export type SavedQueryRun = RunResponse & Required<Pick<RunResponse, "saved_query">>;
export type ExportAnswer = Of<typeof analyses.exportAnswer>;
export type SavedQuery = Of<typeof analyses.savedQueryView>;
export type SavedQueryLists = Of<typeof analyses.savedQueriesAnswer>;
export type SavedQueryActionAnswer = Of<typeof analyses.savedQueryActionAnswer>;

// The schemes: questionnaire, scores, generated results (a plugin's own result is open in the schema)

export type QuestionnaireState = Of<typeof schemes.questionnaireState>;
export type QuestionnaireAnswer = Of<typeof schemes.questionnaireAnswer>;
export type Questionnaire = NonNullable<QuestionnaireAnswer["questionnaire"]>;
export type QuestionnaireDraftAnswer = Of<typeof schemes.draftAnswer>;
export type QuestionnaireDraft = NonNullable<QuestionnaireDraftAnswer["draft"]>;
export type ScoresAnswer = Of<typeof schemes.scoresAnswer>;
export type Scores = NonNullable<ScoresAnswer["data"]>;
/** A stored scheme's result is the plugin's own object (docs/plugins.md), null before a run. */
type SchemeResult = Record<string, unknown> | null;
export type SchemeResultAnswer = Narrowed<Of<typeof schemes.schemeResultAnswer>, { scheme: SchemeResult }>;
export type GeneratedSchemaAnswer = Narrowed<
  Of<typeof schemes.generatedSchemaAnswer>,
  { schema: SchemeResult }
>;

// Services: help centre, site settings, notifications, mailbox, look-ups, maps

export type Faq = Of<typeof services.faqView>;
export type FaqsAnswer = Of<typeof services.faqsAnswer>;
export type FaqPageAnswer = Of<typeof services.faqPageAnswer>;
export type FaqAnswer = Of<typeof services.faqAnswer>;
export type SiteSettings = Of<typeof services.siteSettingsAnswer>;
export type NotificationDeletedAnswer = Of<typeof services.notificationDeletedAnswer>;
export type OrganisationUsers = Of<typeof services.organisationUsers>;
export type MailboxSender = Of<typeof services.mailboxSender>;
export type MailboxListAnswer = Of<typeof services.mailboxListAnswer>;
export type OrgUsersAnswer = Of<typeof services.orgUsersAnswer>;
export type OrgUsersPageAnswer = Of<typeof services.orgUsersPageAnswer>;
export type NotificationPageAnswer = Of<typeof services.notificationPageAnswer>;
export type MailSentAnswer = Of<typeof services.mailSentAnswer>;
export type OrganisationLookupAnswer = Of<typeof services.organisationLookupAnswer>;
export type IndividualLookupAnswer = Of<typeof services.individualLookupAnswer>;
export type ZipInCityAnswer = Of<typeof services.zipInCityAnswer>;
export type ChoicesAnswer = Of<typeof services.choicesAnswer>;
export type BaseMapAnswer = Of<typeof services.baseMapAnswer>;
export type BaseMapTiles = NonNullable<BaseMapAnswer["tiles"]>;
export type OutlinesAnswer = Of<typeof services.outlinesAnswer>;

// Data uploads

export type IngestWarning = Of<typeof uploads.ingestWarning>;
export type TableRead = Of<typeof uploads.tableRead>;
export type AcceptedUpload = Of<typeof uploads.practiceUploadAnswer>;
export type UploadPreview = Of<typeof uploads.practicePreviewAnswer>;
export type MarketUploadAnswer = Of<typeof uploads.marketUploadAnswer>;
export type ConfirmUploadAnswer = Of<typeof uploads.confirmUploadAnswer>;
export type RefusedUpload = Of<typeof uploads.refusedUploadAnswer>;
export type ErrorReport = NonNullable<RefusedUpload["report"]>;
export type IngestError = ErrorReport["errors"][number];

// Report subscriptions

export type ReportSubscription = Of<typeof reports.subscriptionView>;
export type Colleague = Of<typeof reports.colleagueView>;
export type OwnSubscriptionsAnswer = Of<typeof reports.ownSubscriptionsAnswer>;
export type SubscriptionAnswer = Of<typeof reports.subscriptionAnswer>;
export type SubscriptionDeletedAnswer = Of<typeof reports.subscriptionDeletedAnswer>;
export type OrganisationSubscriptionsAnswer = Of<typeof reports.organisationSubscriptionsAnswer>;
export type SubscriptionsPausedAnswer = Of<typeof reports.subscriptionsPausedAnswer>;

// The audit trail (server/audit/, docs/operations.md)

export type AuditListAnswer = Of<typeof audit.auditListAnswer>;
export type AuditEvent = Of<typeof audit.auditEventView>;
