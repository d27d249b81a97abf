import type { LogoAnswer, OrganisationAnswer, OwnProfileAnswer, StaffProfileAnswer } from "./answers.ts";
import { apiRequest } from "./client.ts";
import type { DummyViewBody, OwnProfileData, StaffProfileData } from "./requests.ts";

/**
 * The profile calls: a customer's own name and picture, its organisation's logo, a staff member's
 * own name and picture (multipart, customer-area.md and admin-area.md section 7), and the
 * organisation the dummy view shows.
 */

/** What the own-profile dialog changes: user_data's fields (sent as JSON text) and the picture file. */
export type OwnProfileChange = OwnProfileData & { picture?: File };

/** What the staff profile dialog changes: user_data's fields (JSON text) and the picture file. */
export type StaffProfileChange = StaffProfileData & { image?: File };

/** POST /api/management/customer/update/ (user_data {username} as JSON text, file `picture`). */
export function updateOwnProfile(change: OwnProfileChange) {
  const form = new FormData();
  if (change.username !== undefined) form.append("user_data", JSON.stringify({ username: change.username }));
  if (change.picture) form.append("picture", change.picture);
  return apiRequest<OwnProfileAnswer, FormData>("/api/management/customer/update/", {
    method: "POST",
    body: form,
  });
}

/** POST /api/management/customer/organization-update/ (image, organization): answers the logo. */
export function updateOrganisationLogo(organizationId: string, image: File) {
  const form = new FormData();
  form.append("organization", organizationId);
  form.append("image", image);
  return apiRequest<LogoAnswer, FormData>("/api/management/customer/organization-update/", {
    method: "POST",
    body: form,
  });
}

/** POST /api/management/admin/update/ (image, user_data {username, email}): answers user. */
export function updateStaffProfile(change: StaffProfileChange) {
  const form = new FormData();
  if (change.username !== undefined || change.email !== undefined) {
    form.append("user_data", JSON.stringify({ username: change.username, email: change.email }));
  }
  if (change.image) form.append("image", change.image);
  return apiRequest<StaffProfileAnswer, FormData>("/api/management/admin/update/", {
    method: "POST",
    body: form,
  });
}

/** POST /api/management/admin/fake-org/ {org_id}: the organisation staff view in dummy mode. */
export function fakeOrganisation(orgId: string) {
  return apiRequest<OrganisationAnswer, DummyViewBody>("/api/management/admin/fake-org/", {
    method: "POST",
    body: { org_id: orgId },
  });
}
