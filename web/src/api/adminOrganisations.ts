import type {
  AdminOrganisationAnswer,
  AdminOrganization,
  CustomerListItem,
  CustomersListAnswer,
  OrganisationAnswer,
  OrganisationDeletedAnswer,
  OrganisationYearAnswer,
  ServiceAreaAddedAnswer,
  ServiceAreaCheckedAnswer,
  ServiceAreaItem,
  ServiceAreaRemovedAnswer,
  YearData,
  YearEnabledAnswer,
  YearPrelaunchedAnswer,
  YearRemovedAnswer,
  YearRequestedAnswer,
} from "./answers.ts";
import { apiRequest } from "./client.ts";
import type {
  AddOrganisationBody,
  AdminOrganisationBody,
  ChangeOrganisationBody,
  DeleteOrganisationBody,
  EnableYearBody,
  PrelaunchYearBody,
  RemoveYearBody,
  RequestYearBody,
  ServiceAreaBody,
} from "./requests.ts";

/** The back office's organisation calls (admin-area.md section 7). */

const ORGANIZATION = "/api/management/admin/organization/";

/** POST {}: every customer, for the customers list. */
export async function listCustomers(): Promise<CustomerListItem[]> {
  const answer = await apiRequest<CustomersListAnswer, AdminOrganisationBody>(ORGANIZATION, {
    method: "POST",
    body: {},
  });
  return answer.organizations;
}

/** POST {id}: one customer, for its overview. */
export async function getOrganization(id: string): Promise<AdminOrganization> {
  const answer = await apiRequest<AdminOrganisationAnswer, AdminOrganisationBody>(ORGANIZATION, {
    method: "POST",
    body: { id },
  });
  return answer.organization;
}

/**
 * The year detail's cached answer. It keeps the organisation's id at `id` and the year's data at
 * `datas.{year}` on purpose: the live channel's events address an open organisation answer that way
 * (test_path 'id', path 'datas.{year}.validations.facility', ...), so they patch this cache as is.
 */
export interface OrganizationYear {
  id: string;
  organization: AdminOrganization;
  year: number;
  datas: Record<string, YearData>;
}

/** The year's data of a cached year-detail answer. */
export const yearDataOf = (answer: OrganizationYear): YearData => answer.datas[String(answer.year)]!;

/** POST {full: true, id, year}: the organisation and everything staff review for that year. */
export async function getOrganizationYear(id: string, year: number): Promise<OrganizationYear> {
  const answer = await apiRequest<OrganisationYearAnswer, AdminOrganisationBody>(ORGANIZATION, {
    method: "POST",
    body: { full: true, id, year },
  });
  return {
    id: answer.organization.id,
    organization: answer.organization,
    year,
    datas: { [String(year)]: answer.data },
  };
}

/** POST /admin/valid/: initialise (enable) the year for the customer ('Active', 'Allow user'). */
export function initialiseYear(organizationId: string, year: number) {
  return apiRequest<YearEnabledAnswer, EnableYearBody>("/api/management/admin/valid/", {
    method: "POST",
    body: { organization_uuid: organizationId, year },
  });
}

/** PATCH /admin/valid/: ask the customer for a year's data. */
export function requestYear(organizationId: string, year: number) {
  return apiRequest<YearRequestedAnswer, RequestYearBody>("/api/management/admin/valid/", {
    method: "PATCH",
    body: { organization_uuid: organizationId, year },
  });
}

export function prelaunchYear(organizationId: string, year: number) {
  return apiRequest<YearPrelaunchedAnswer, PrelaunchYearBody>("/api/management/admin/prelaunch/", {
    method: "POST",
    body: { org_id: organizationId, year },
  });
}

/**
 * DELETE /admin/customer/remove-year/: action 'delete' removes the year; null removes its file and
 * data so the customer uploads again.
 */
export function removeYear(organizationId: string, year: number, action: RemoveYearBody["action"]) {
  return apiRequest<YearRemovedAnswer, RemoveYearBody>("/api/management/admin/customer/remove-year/", {
    method: "DELETE",
    body: { organization: organizationId, year, action },
  });
}

export type ServiceAreaEntry = Pick<ServiceAreaItem, "zipcode" | "type">;

const SERVICE_AREA = "/api/management/admin/customer/service_area/";

const serviceAreaBody = (
  organizationId: string,
  year: number,
  items: ServiceAreaEntry[],
): ServiceAreaBody => ({
  organization_uuid: organizationId,
  year,
  service_area: items.map((item) => ({ zipcode: item.zipcode, type: item.type, year })),
});

/**
 * POST: add the pasted 'zipcode<TAB>type' lines to the year's service area. The server parses the
 * text with the same parser the modal uses (server/organisations/serviceAreaPaste.ts).
 */
export function addServiceAreaText(organizationId: string, year: number, text: string) {
  return apiRequest<ServiceAreaAddedAnswer, ServiceAreaBody>(SERVICE_AREA, {
    method: "POST",
    body: { organization_uuid: organizationId, year, text },
  });
}

/** PATCH: re-check the year's service area against the market data (reload). */
export const checkServiceArea = (organizationId: string, year: number) =>
  apiRequest<ServiceAreaCheckedAnswer, ServiceAreaBody>(SERVICE_AREA, {
    method: "PATCH",
    body: serviceAreaBody(organizationId, year, []),
  });

export const deleteServiceArea = (organizationId: string, year: number, items: ServiceAreaEntry[]) =>
  apiRequest<ServiceAreaRemovedAnswer, ServiceAreaBody>(SERVICE_AREA, {
    method: "DELETE",
    body: serviceAreaBody(organizationId, year, items),
  });

/** DELETE /admin/delete-organization/: removes a customer and all it owns. */
export function deleteOrganization(organizationId: string) {
  return apiRequest<OrganisationDeletedAnswer, DeleteOrganisationBody>(
    "/api/management/admin/delete-organization/",
    {
      method: "DELETE",
      body: { organization: organizationId },
    },
  );
}

/** The organisation form's fields, as POST .../customer/organization/ takes them. */
export type OrganizationFields = AddOrganisationBody["organization"];

export function createOrganization(organization: OrganizationFields) {
  return apiRequest<OrganisationAnswer, AddOrganisationBody>("/api/management/customer/organization/", {
    method: "POST",
    body: { organization },
  });
}

export function updateOrganization(
  id: string,
  organization: Omit<ChangeOrganisationBody["organization"], "id">,
) {
  return apiRequest<OrganisationAnswer, ChangeOrganisationBody>("/api/management/customer/organization/", {
    method: "PATCH",
    body: { organization: { ...organization, id } },
  });
}
