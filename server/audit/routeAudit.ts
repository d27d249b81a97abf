/**
 * THE table of what each writing call records in the audit trail (docs/operations.md, "Audit
 * trail"): every POST, PUT, PATCH and DELETE route, by its key in routeRoles.ts, either with the
 * action it records (and the kind of thing it changes) or as exempt with the reason it changes
 * nothing a person must be accountable for. recordWrites.ts refuses (500) a writing call missing
 * here before its handler runs, and tests/api/auditTrail.test.ts fails for it, as for the role table.
 * A GET that writes (opening a sign-in link) is listed too.
 */
export interface AuditedWrite {
  action: string;
  target: string;
}
export interface ExemptWrite {
  exempt: string;
}
export type WriteAudit = AuditedWrite | ExemptWrite;

const write = (action: string, target: string): AuditedWrite => ({ action, target });
const exempt = (reason: string): ExemptWrite => ({ exempt: reason });

const LOOK_UP = "a look-up: it reads and changes nothing";
const READ_ONLY = "reads a year's results in a POST body: changes nothing";

export const ROUTE_AUDIT: Record<string, WriteAudit> = {
  // Signing in and out.
  "POST /api/services/auth/signin": exempt(
    "asks for a mailed link and answers the same for every address; the sign-in itself is recorded when the link is opened",
  ),
  "GET /api/services/auth/signin/:token": write("session.signin", "session"),
  "POST /api/management/admin/signin": write("session.signin", "session"),
  "POST /api/admin/logout": write("session.signout", "session"),

  // Look-ups and computations sent as POST.
  "POST /api/services/lexisnexis/organization": exempt(LOOK_UP),
  "POST /api/services/lexisnexis/individual": exempt(LOOK_UP),
  "POST /api/services/location/autocomplete": exempt(LOOK_UP),
  "POST /api/services/location/check-location": exempt(LOOK_UP),
  "POST /api/services/location/zipcodes": exempt(LOOK_UP),
  "POST /api/management/schemes/service_capabilities/detail": exempt(READ_ONLY),
  "POST /api/management/schemes/macro_capabilities/detail": exempt(READ_ONLY),
  "POST /api/management/schemes/market_capabilities/detail": exempt(READ_ONLY),
  "POST /api/management/scoring/detail": exempt(READ_ONLY),
  "POST /api/management/schemes/questionnaire/detail": exempt(READ_ONLY),
  "POST /api/management/scoring/result": exempt(READ_ONLY),
  "POST /api/management/queries/stats": exempt("reads the organisation's analysis usage"),
  "POST /api/management/queries/:name{(?:querie[0-9]+|[0-9a-fA-F-]{36})}": exempt(
    "runs an analysis: it reads the data; the run is counted in the usage log, not changed data",
  ),
  "POST /api/management/admin/organization": exempt("staff read the customers list or one customer"),
  "POST /api/management/admin/fake-org": exempt("reads the organisation the dummy view opens"),
  "POST /api/management/admin/customer/service_area/suggest": exempt(
    "computes a suggested service area; nothing is kept until it is saved (service_area.*)",
  ),
  "POST /api/services/email/get-user": exempt("reads the users of the organisations named"),

  // The customer area.
  "POST /api/management/customer/agreement": write("organisation.agreement_accept", "organisation"),
  "POST /api/management/customer/update": write("profile.update", "customer_user"),
  "DELETE /api/management/customer/notification": write("notification.delete", "notification"),
  "POST /api/management/queries/save": write("saved_query.change", "saved_query"),
  "POST /api/management/schemes/questionnaire": write("questionnaire.submit", "questionnaire"),
  "POST /api/management/schemes/questionnaire/draft": write("questionnaire.draft_save", "questionnaire"),
  "POST /api/management/customer/report-subscription": write(
    "report_subscription.create",
    "report_subscription",
  ),
  "PATCH /api/management/customer/report-subscription/:id": write(
    "report_subscription.update",
    "report_subscription",
  ),
  "DELETE /api/management/customer/report-subscription/:id": write(
    "report_subscription.delete",
    "report_subscription",
  ),
  "POST /api/management/customer/report-subscription/:id/send-now": write(
    "report_subscription.send_now",
    "report_subscription",
  ),
  "POST /api/reports/unsubscribe/:token": write("report_subscription.unsubscribe", "report_subscription"),

  // An organisation's people, profile and data.
  "POST /api/management/customer/detail": write("user.create", "customer_user"),
  "PATCH /api/management/customer/detail": write("user.update", "customer_user"),
  "DELETE /api/management/customer/detail": write("user.delete", "customer_user"),
  "POST /api/management/customer/organization-update": write("organisation.logo_update", "organisation"),
  "POST /api/management/customer/facility": write("facility.create", "facility"),
  "PATCH /api/management/customer/facility": write("facility.update", "facility"),
  "DELETE /api/management/customer/facility": write("facility.delete", "facility"),
  "POST /api/management/customer/facility-location": write("facility_location.create", "facility_location"),
  "PATCH /api/management/customer/facility-location": write("facility_location.update", "facility_location"),
  "DELETE /api/management/customer/facility-location": write("facility_location.delete", "facility_location"),
  "POST /api/management/customer/provider": write("provider.create", "provider"),
  "PATCH /api/management/customer/provider": write("provider.update", "provider"),
  "DELETE /api/management/customer/provider": write("provider.delete", "provider"),
  "POST /api/management/customer/file": write("practice_data.upload", "organisation_year"),

  // The back office.
  "POST /api/management/admin/update": write("staff_profile.update", "staff_account"),
  "DELETE /api/management/admin/notification": write("notification.delete", "notification"),
  "POST /api/management/admin/detail": write("staff.create", "staff_account"),
  "DELETE /api/management/admin/detail": write("staff.delete", "staff_account"),
  "POST /api/management/admin/report-subscription/:orgid/pause": write(
    "report_subscription.pause_all",
    "organisation",
  ),
  "POST /api/management/customer/organization": write("organisation.create", "organisation"),
  "PATCH /api/management/customer/organization": write("organisation.update", "organisation"),
  "DELETE /api/management/admin/delete-organization": write("organisation.delete", "organisation"),
  "POST /api/management/admin/sitesettings": write("site_settings.update", "site_settings"),
  "POST /api/management/helpcenter": write("help_question.create", "help_question"),
  "PATCH /api/management/helpcenter": write("help_question.update", "help_question"),
  "DELETE /api/management/helpcenter": write("help_question.delete", "help_question"),
  "POST /api/services/advisory_board/file": write("market_data.upload", "market_year"),
  "POST /api/management/admin/valid": write("year.enable", "organisation_year"),
  "PATCH /api/management/admin/valid": write("year.request", "organisation_year"),
  "POST /api/management/admin/prelaunch": write("year.prelaunch", "organisation_year"),
  "DELETE /api/management/admin/customer/remove-year": write("year.remove", "organisation_year"),
  "POST /api/management/admin/customer/year-version/restore": write(
    "year.restore_version",
    "organisation_year",
  ),
  "POST /api/management/admin/customer/service_area": write("service_area.create", "service_area"),
  "PATCH /api/management/admin/customer/service_area": write("service_area.update", "service_area"),
  "DELETE /api/management/admin/customer/service_area": write("service_area.delete", "service_area"),
  "POST /api/management/admin/validation": write("validation.run", "validation"),
  "PATCH /api/management/admin/validation": write("validation.validate_anyway", "validation"),
  "POST /api/management/admin/scoring": write("scheme.generate", "organisation_year"),
  "POST /api/management/schemes/service_capabilities/generate": write("scheme.generate", "organisation_year"),
  "POST /api/management/schemes/macro_capabilities/generate": write("scheme.generate", "organisation_year"),
  "POST /api/management/schemes/market_capabilities/generate": write("scheme.generate", "organisation_year"),
  "PATCH /api/management/schemes/questionnaire": write("questionnaire.review", "questionnaire"),
  "POST /api/management/schemes/questionnaire/allow": write("questionnaire.open", "questionnaire"),
  "POST /api/services/email/send/custom": write("mailbox.send", "mail"),
};

const WRITING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
export const isWritingMethod = (method: string) => WRITING_METHODS.has(method.toUpperCase());

/** The route's entry, by its key in the role table (`METHOD /path`, no trailing slash). */
export const auditOf = (key: string): WriteAudit | undefined => ROUTE_AUDIT[key];
