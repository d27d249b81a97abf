/**
 * The API's requests as the web app sends them. Every type here is the input side (`z.input`) of the
 * zod schema the server parses the request with: the body its route's describe() declares (the one
 * the OpenAPI document shows), or a multipart form's or query string's schema. A field renamed or a
 * choice added on the server changes these types, and `tsc` names each call it breaks.
 *
 * Type-only imports: no schema (and no server code) enters the bundle. web/src/api/answerTypes.test.ts
 * fails when a call sends a body without one of these types, when web/src/api writes a request shape
 * by hand, or when web/src writes out the values of a server enum instead of reading them here.
 */
import type { z } from "zod";
import type * as auditTrail from "../../../server/audit/readTrail.ts";
import type * as customerSignin from "../../../server/auth/customerSignin.ts";
import type * as staffSignin from "../../../server/auth/staffSignin.ts";
import type * as analyses from "../../../server/engine/routes.ts";
import type * as savedViews from "../../../server/engine/savedQueries.ts";
import type * as agentForm from "../../../server/forms/agent.ts";
import type * as mailboxForm from "../../../server/forms/mailbox.ts";
import type * as staffProfileForm from "../../../server/forms/staffProfile.ts";
import type * as subscriptions from "../../../server/reports/subscriptions.ts";
import type * as agents from "../../../server/routes/admin/agents.ts";
import type * as organisationDetail from "../../../server/routes/admin/organisationDetail.ts";
import type * as organisations from "../../../server/routes/admin/organisations.ts";
import type * as dummyView from "../../../server/routes/admin/profile.ts";
import type * as adminScoring from "../../../server/routes/admin/scoring.ts";
import type * as serviceAreaSuggest from "../../../server/routes/admin/serviceAreaSuggest.ts";
import type * as serviceAreas from "../../../server/routes/admin/serviceAreas.ts";
import type * as validation from "../../../server/routes/admin/validation.ts";
import type * as yearLifecycle from "../../../server/routes/admin/yearLifecycle.ts";
import type * as yearVersions from "../../../server/routes/admin/yearVersions.ts";
import type * as agreement from "../../../server/routes/customer/agreement.ts";
import type * as facilities from "../../../server/routes/customer/facilities.ts";
import type * as locations from "../../../server/routes/customer/locations.ts";
import type * as customerProfile from "../../../server/routes/customer/profile.ts";
import type * as providers from "../../../server/routes/customer/providers.ts";
import type * as users from "../../../server/routes/customer/users.ts";
import type * as helpcenter from "../../../server/routes/helpcenter.ts";
import type * as notifications from "../../../server/routes/notifications.ts";
import type * as generators from "../../../server/routes/schemes/generators.ts";
import type * as questionnaire from "../../../server/routes/schemes/questionnaire.ts";
import type * as schemeBodies from "../../../server/routes/schemes/schemeBodies.ts";
import type * as scoring from "../../../server/routes/schemes/scoring.ts";
import type * as location from "../../../server/routes/services/location.ts";
import type * as lookups from "../../../server/routes/services/lookups.ts";
import type * as siteSettings from "../../../server/routes/siteSettings.ts";
import type * as marketUpload from "../../../server/routes/uploads/advisoryBoardFile.ts";

type In<Schema extends z.ZodType> = z.input<Schema>;

// Signing in

export type CustomerSigninBody = In<typeof customerSignin.signinRequest>;
export type StaffSigninBody = In<typeof staffSignin.staffSigninRequest>;

// The customer area: users, the agreement, the practice profile and its look-ups

export type AddUserBody = In<typeof users.addUser>;
export type ChangeUserBody = In<typeof users.updateUser>;
export type AgreementBody = In<typeof agreement.acceptAgreement>;
export type AddFacilityBody = In<typeof facilities.postBody>;
export type ChangeFacilityBody = In<typeof facilities.patchBody>;
export type RemoveFacilityBody = In<typeof facilities.deleteBody>;
export type AddLocationBody = In<typeof locations.postBody>;
export type ChangeLocationBody = In<typeof locations.patchBody>;
export type RemoveLocationBody = In<typeof locations.deleteBody>;
export type AddProviderBody = In<typeof providers.postBody>;
export type ChangeProviderBody = In<typeof providers.patchBody>;
export type RemoveProviderBody = In<typeof providers.deleteBody>;
export type NpiLookupBody = In<typeof lookups.lookupBody>;
export type CheckLocationBody = In<typeof location.checkBody>;
export type AutocompleteBody = In<typeof location.autocompleteBody>;
export type RemoveNotificationBody = In<typeof notifications.deleteNotification>;

// Analyses, saved views, scores, report subscriptions

export type RunBody = In<typeof analyses.documentedRunRequest>;
export type SaveViewBody = In<typeof savedViews.saveBody>;
export type SavedViewActionBody = In<typeof savedViews.actionBody>;
export type ScoresBody = In<typeof scoring.resultBody>;
export type CreateSubscriptionBody = In<typeof subscriptions.createBody>;
export type EditSubscriptionBody = In<typeof subscriptions.editBody>;

// The questionnaire

export type SubmitQuestionnaireBody = In<typeof questionnaire.submitBody>;
export type QuestionnaireDraftBody = In<typeof questionnaire.draftBody>;
export type QuestionnaireYearBody = In<typeof questionnaire.organisationYearBody>;
export type ReviewQuestionnaireBody = In<typeof questionnaire.reviewBody>;

// The back office: organisations, years, service areas, schemes

export type AdminOrganisationBody = In<typeof organisationDetail.organisationRequest>;
export type AddOrganisationBody = In<typeof organisations.createOrganisation>;
export type ChangeOrganisationBody = In<typeof organisations.updateOrganisation>;
export type DeleteOrganisationBody = In<typeof organisations.deleteOrganisation>;
export type DummyViewBody = In<typeof dummyView.fakeOrgBody>;
export type EnableYearBody = In<typeof yearLifecycle.validBody>;
export type RequestYearBody = In<typeof yearLifecycle.requestBody>;
export type PrelaunchYearBody = In<typeof yearLifecycle.prelaunchBody>;
export type RemoveYearBody = In<typeof yearLifecycle.removeBody>;
export type RestoreVersionBody = In<typeof yearVersions.restoreBody>;
export type ServiceAreaBody = In<typeof serviceAreas.serviceAreaBody>;
export type SuggestServiceAreaBody = In<typeof serviceAreaSuggest.suggestBody>;
export type ValidationBody = In<typeof validation.validationBody>;
export type GenerateSchemeBody = In<ReturnType<typeof generators.generateBodyOf>>;
export type SchemeDetailBody = In<typeof schemeBodies.detailBody>;
export type RunScoringBody = In<typeof adminScoring.scoringBody>;

// The back office: agents, the mailbox, site texts, the help centre

export type AddAgentBody = In<typeof agentForm.newAgentSchema>;
export type RemoveAgentBody = In<typeof agents.removeAgent>;
export type MailboxUsersBody = In<typeof mailboxForm.mailboxOrganisationsSchema>;
export type MailboxSendBody = In<typeof mailboxForm.mailboxSendSchema>;
export type SiteSettingsBody = In<typeof siteSettings.updateSettings>;
export type AddFaqBody = In<typeof helpcenter.addFaq>;
export type ChangeFaqBody = In<typeof helpcenter.updateFaq>;
export type RemoveFaqBody = In<typeof helpcenter.removeFaq>;

// Multipart forms (their text fields) and query strings

export type MarketUploadForm = In<typeof marketUpload.marketFormSchema>;
/** The profile forms' `user_data` part (JSON text): a customer's own name; a staff member's name and e-mail. */
export type OwnProfileData = In<typeof customerProfile.userData>;
export type StaffProfileData = In<typeof staffProfileForm.staffProfileData>;
export type AuditQuery = In<typeof auditTrail.auditQuery>;
