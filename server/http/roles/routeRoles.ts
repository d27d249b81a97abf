/**
 * THE table of who may call what: every API route, by its method and its path as Hono registers it
 * (no trailing slash), with the one role it requires (roles.ts). enforceRoles.ts checks it on every
 * call before the route's own guards; a route missing here is refused with a 500 (fail closed), and
 * tests/api/roles.test.ts fails. The API document (server/http/openapi/security.ts) and the web app
 * (the staff detail's `permissions`) read it too. docs/roles.md explains the choices.
 */
import { type Caller, holds, type Role } from "./roles.ts";

export const ROUTE_ROLES = {
  // Service, the API's description and signing in.
  "GET /api/health": "public",
  "GET /api/openapi.json": "public",
  "GET /api/docs": "public",
  "POST /api/services/auth/signin": "public",
  "GET /api/services/auth/signin/:token": "public",
  "POST /api/management/admin/signin": "public",
  "POST /api/admin/logout": "public",

  // Read by everyone signed in: site texts, help centre, look-ups, pictures (owner's organisation or staff).
  "GET /api/management/admin/sitesettings": "signedIn",
  "GET /api/management/helpcenter": "signedIn",
  "POST /api/services/lexisnexis/organization": "signedIn",
  "POST /api/services/lexisnexis/individual": "signedIn",
  "POST /api/services/location/autocomplete": "signedIn",
  "POST /api/services/location/check-location": "signedIn",
  "POST /api/services/location/zipcodes": "signedIn",
  "GET /api/services/geo/outlines": "signedIn",
  "GET /api/services/geo/basemap": "signedIn",
  "GET /api/pictures/:name": "signedIn",
  "GET /api/management/queries/manifest": "signedIn",
  "GET /api/management/queries/exports/:name": "signedIn",
  "GET /api/management/customer/file/rejected/:id": "signedIn",
  // A year's generated results and questionnaire: the customer its own, staff any (back-office modals).
  "POST /api/management/schemes/service_capabilities/detail": "signedIn",
  "POST /api/management/schemes/macro_capabilities/detail": "signedIn",
  "POST /api/management/schemes/market_capabilities/detail": "signedIn",
  "POST /api/management/scoring/detail": "signedIn",
  "POST /api/management/schemes/questionnaire/detail": "signedIn",

  // The customer area (staff reach it through the dummy view, read-only).
  "GET /api/management/customer/detail": "customer",
  "POST /api/management/customer/agreement": "customer",
  "POST /api/management/customer/update": "customer",
  "GET /api/management/customer/notification": "customer",
  "DELETE /api/management/customer/notification": "customer",
  "POST /api/management/queries/stats": "customer",
  "POST /api/management/queries/:name{(?:querie[0-9]+|[0-9a-fA-F-]{36})}": "customer",
  "GET /api/management/queries/save": "customer",
  // Saved queries: staff save for an organisation (as the provider) in or out of the dummy view.
  "POST /api/management/queries/save": "customerOrSiteAdmin",
  "POST /api/management/scoring/result": "customer",
  "GET /api/management/schemes/questionnaire": "customer",
  "POST /api/management/schemes/questionnaire": "customerAdmin",
  "GET /api/management/schemes/questionnaire/draft": "customerAdmin",
  // The organisation's audit trail: its admins (assistants and staff in the dummy view are refused).
  "GET /api/management/customer/audit": "customerAdmin",
  "GET /api/management/customer/audit/export": "customerAdmin",
  "POST /api/management/schemes/questionnaire/draft": "customerAdmin",

  // Report subscriptions: any user of the organisation subscribes; the owner changes its own.
  "GET /api/management/customer/report-subscription": "customer",
  "POST /api/management/customer/report-subscription": "customer",
  "PATCH /api/management/customer/report-subscription/:id": "customer",
  "DELETE /api/management/customer/report-subscription/:id": "customer",
  "POST /api/management/customer/report-subscription/:id/send-now": "customer",
  // The signed link in a mailed report is the credential: no session needed.
  "GET /api/reports/unsubscribe/:token": "public",
  "POST /api/reports/unsubscribe/:token": "public",

  // An organisation's people, profile and data: its customer admin, or a site admin for it.
  "POST /api/management/customer/detail": "customerAdminOrSiteAdmin",
  "PATCH /api/management/customer/detail": "customerAdminOrSiteAdmin",
  "DELETE /api/management/customer/detail": "customerAdminOrSiteAdmin",
  "POST /api/management/customer/organization-update": "customerAdminOrSiteAdmin",
  "POST /api/management/customer/facility": "customerAdminOrSiteAdmin",
  "PATCH /api/management/customer/facility": "customerAdminOrSiteAdmin",
  "DELETE /api/management/customer/facility": "customerAdminOrSiteAdmin",
  "POST /api/management/customer/facility-location": "customerAdminOrSiteAdmin",
  "PATCH /api/management/customer/facility-location": "customerAdminOrSiteAdmin",
  "DELETE /api/management/customer/facility-location": "customerAdminOrSiteAdmin",
  "POST /api/management/customer/provider": "customerAdminOrSiteAdmin",
  "PATCH /api/management/customer/provider": "customerAdminOrSiteAdmin",
  "DELETE /api/management/customer/provider": "customerAdminOrSiteAdmin",
  "POST /api/management/customer/file": "customerAdminOrSiteAdmin",

  // The back office, read: every staff member (agents read it).
  "GET /api/management/admin/detail": "staff",
  "POST /api/management/admin/update": "staff",
  "POST /api/management/admin/fake-org": "staff",
  "GET /api/management/admin/notification": "staff",
  "DELETE /api/management/admin/notification": "staff",
  "POST /api/management/admin/organization": "staff",
  "GET /api/management/queries/adminsave/:orgid": "staff",
  "GET /api/management/admin/report-subscription/:orgid": "staff",
  "GET /api/management/admin/customer/year-version/:orgid/:year": "staff",

  // The back office, written: site admins only.
  "POST /api/management/admin/detail": "siteAdmin",
  "POST /api/management/admin/report-subscription/:orgid/pause": "siteAdmin",
  "DELETE /api/management/admin/detail": "siteAdmin",
  "POST /api/management/customer/organization": "siteAdmin",
  "PATCH /api/management/customer/organization": "siteAdmin",
  "DELETE /api/management/admin/delete-organization": "siteAdmin",
  "POST /api/management/admin/sitesettings": "siteAdmin",
  "POST /api/management/helpcenter": "siteAdmin",
  "PATCH /api/management/helpcenter": "siteAdmin",
  "DELETE /api/management/helpcenter": "siteAdmin",
  "POST /api/services/advisory_board/file": "siteAdmin",
  "POST /api/management/admin/valid": "siteAdmin",
  "PATCH /api/management/admin/valid": "siteAdmin",
  "POST /api/management/admin/prelaunch": "siteAdmin",
  "DELETE /api/management/admin/customer/remove-year": "siteAdmin",
  "POST /api/management/admin/customer/year-version/restore": "siteAdmin",
  "POST /api/management/admin/customer/service_area": "siteAdmin",
  "PATCH /api/management/admin/customer/service_area": "siteAdmin",
  "DELETE /api/management/admin/customer/service_area": "siteAdmin",
  "POST /api/management/admin/customer/service_area/suggest": "siteAdmin",
  "POST /api/management/admin/validation": "siteAdmin",
  "PATCH /api/management/admin/validation": "siteAdmin",
  "POST /api/management/admin/scoring": "siteAdmin",
  "POST /api/management/schemes/service_capabilities/generate": "siteAdmin",
  "POST /api/management/schemes/macro_capabilities/generate": "siteAdmin",
  "POST /api/management/schemes/market_capabilities/generate": "siteAdmin",
  "PATCH /api/management/schemes/questionnaire": "siteAdmin",
  "POST /api/management/schemes/questionnaire/allow": "siteAdmin",
  "GET /api/management/admin/audit/:orgid": "siteAdmin",
  "GET /api/management/admin/audit/:orgid/export": "siteAdmin",
  "GET /api/services/email/get": "siteAdmin",
  "GET /api/services/email/get/:mailbox": "siteAdmin",
  "POST /api/services/email/get-user": "siteAdmin",
  "POST /api/services/email/send/custom": "siteAdmin",
} as const satisfies Record<string, Role>;

export type RouteKey = keyof typeof ROUTE_ROLES;

/** A route's key in the table: `METHOD /path` as Hono registers the path, without a trailing slash. */
export const routeKey = (method: string, path: string) => `${method} ${path.replace(/\/+$/, "")}`;

export function roleOf(method: string, path: string): Role | undefined {
  return (ROUTE_ROLES as Record<string, Role>)[routeKey(method, path)];
}

/**
 * The calls a caller may make outside the dummy view (what the screens may offer it): the staff
 * detail carries them, so the web app hides what the table refuses instead of copying its rules.
 */
export function permissionsOf(caller: Caller): RouteKey[] {
  return (Object.entries(ROUTE_ROLES) as [RouteKey, Role][])
    .filter(([, role]) => role !== "public" && holds(caller, role))
    .map(([key]) => key);
}
