import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { queriesRoutes } from "../engine/routes.ts";
import { savedQueriesRoutes } from "../engine/savedQueries.ts";
import { agentRoutes } from "./admin/agents.ts";
import { adminOrganisationRoutes } from "./admin/organisationDetail.ts";
import { deleteOrganisationRoutes, organisationRoutes } from "./admin/organisations.ts";
import { fakeOrgRoutes, staffProfileRoutes } from "./admin/profile.ts";
import { adminReportSubscriptionRoutes } from "./admin/reportSubscriptions.ts";
import { adminScoringRoutes } from "./admin/scoring.ts";
import { serviceAreaSuggestRoutes } from "./admin/serviceAreaSuggest.ts";
import { serviceAreaRoutes } from "./admin/serviceAreas.ts";
import { validationRoutes } from "./admin/validation.ts";
import { prelaunchRoutes, removeYearRoutes, validYearRoutes } from "./admin/yearLifecycle.ts";
import { yearVersionRoutes } from "./admin/yearVersions.ts";
import { adminAuditRoutes, customerAuditRoutes } from "./auditTrail.ts";
import { agreementRoutes } from "./customer/agreement.ts";
import { facilityRoutes } from "./customer/facilities.ts";
import { facilityLocationRoutes } from "./customer/locations.ts";
import { customerProfileRoutes, organisationLogoRoutes } from "./customer/profile.ts";
import { providerRoutes } from "./customer/providers.ts";
import { reportSubscriptionRoutes } from "./customer/reportSubscriptions.ts";
import { customerUsersRoutes } from "./customer/users.ts";
import { helpcenterRoutes } from "./helpcenter.ts";
import { mailboxRoutes } from "./mailbox.ts";
import { customerNotificationRoutes, staffNotificationRoutes } from "./notifications.ts";
import { pictureRoutes } from "./pictures.ts";
import { reportUnsubscribeRoutes } from "./reportUnsubscribe.ts";
import { generatorSchemeRoutes } from "./schemes/generators.ts";
import { questionnaireRoutes } from "./schemes/questionnaire.ts";
import { scoringRoutes } from "./schemes/scoring.ts";
import { geoServiceRoutes } from "./services/geo.ts";
import { locationServiceRoutes } from "./services/location.ts";
import { lexisNexisRoutes } from "./services/lookups.ts";
import { customerDetail, logout, staffDetail } from "./session.ts";
import { siteSettingsRoutes } from "./siteSettings.ts";
import { uploadRoutes } from "./uploads/index.ts";

/** Every API route under /api, grouped the way the specs group the calls. */
export const apiRoutes = new Hono<AppEnv>()
  .route("/management/customer/detail", customerDetail)
  .route("/management/customer/detail", customerUsersRoutes)
  .route("/management/customer/agreement", agreementRoutes)
  .route("/management/customer/facility", facilityRoutes)
  .route("/management/customer/facility-location", facilityLocationRoutes)
  .route("/management/customer/provider", providerRoutes)
  .route("/services/lexisnexis", lexisNexisRoutes)
  .route("/services/location", locationServiceRoutes)
  .route("/services/geo", geoServiceRoutes)
  .route("/management/customer/update", customerProfileRoutes)
  .route("/management/customer/organization-update", organisationLogoRoutes)
  .route("/management/admin/update", staffProfileRoutes)
  .route("/management/admin/fake-org", fakeOrgRoutes)
  .route("/pictures", pictureRoutes)
  .route("/management/customer/organization", organisationRoutes)
  .route("/management/admin/detail", staffDetail)
  .route("/management/admin/detail", agentRoutes)
  .route("/management/admin/delete-organization", deleteOrganisationRoutes)
  .route("/management/admin/sitesettings", siteSettingsRoutes)
  .route("/management/helpcenter", helpcenterRoutes)
  .route("/management/customer/notification", customerNotificationRoutes)
  .route("/management/admin/notification", staffNotificationRoutes)
  .route("/management/schemes/questionnaire", questionnaireRoutes)
  .route("/management/schemes", generatorSchemeRoutes)
  .route("/management/admin/validation", validationRoutes)
  .route("/management/admin/scoring", adminScoringRoutes)
  .route("/management/scoring", scoringRoutes)
  .route("/admin/logout", logout)
  .route("/", uploadRoutes)
  .route("/management/queries", queriesRoutes)
  .route("/management/queries", savedQueriesRoutes)
  .route("/management/admin/organization", adminOrganisationRoutes)
  .route("/management/admin/valid", validYearRoutes)
  .route("/management/admin/prelaunch", prelaunchRoutes)
  .route("/management/admin/customer/remove-year", removeYearRoutes)
  .route("/management/admin/customer/year-version", yearVersionRoutes)
  .route("/management/admin/customer/service_area/suggest", serviceAreaSuggestRoutes)
  .route("/management/admin/customer/service_area", serviceAreaRoutes)
  .route("/services/email", mailboxRoutes)
  .route("/management/customer/report-subscription", reportSubscriptionRoutes)
  .route("/management/admin/report-subscription", adminReportSubscriptionRoutes)
  .route("/reports/unsubscribe", reportUnsubscribeRoutes)
  .route("/management/admin/audit", adminAuditRoutes)
  .route("/management/customer/audit", customerAuditRoutes);
