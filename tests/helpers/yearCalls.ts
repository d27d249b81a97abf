/**
 * The call that takes each of a year's actions (server/organisations/yearActions.ts), as the staff
 * screens send it: the model walk and the refresh tests drive a year through these.
 */
import type { YearAction } from "../../server/organisations/yearActions.ts";
import type { HttpClient } from "./httpClient.ts";

const GENERATORS = {
  service_capabilities: ["service_capabilities", "SC"],
  macro_capabilities: ["macro_capabilities", "MC"],
  market_profile: ["market_capabilities", "MP"],
} as const;

export function yearActionCall(staff: HttpClient, organisationId: string, year: number, action: YearAction) {
  const organisation = { organization_uuid: organisationId, year };
  const validation = action.match(/^(facility|provider|global)_(validation|validate_anyway)$/);
  if (validation) {
    const body = { ...organisation, type: validation[1] };
    return validation[2] === "validation"
      ? staff.post("/api/management/admin/validation/", body)
      : staff.patch("/api/management/admin/validation/", body);
  }
  if (action in GENERATORS) {
    const [path, kind] = GENERATORS[action as keyof typeof GENERATORS];
    return staff.post(`/api/management/schemes/${path}/generate/`, {
      kind,
      organization: organisationId,
      year,
    });
  }
  switch (action) {
    case "scoring":
      return staff.post("/api/management/admin/scoring/", organisation);
    case "questionnaire_allow":
      return staff.post("/api/management/schemes/questionnaire/allow/", {
        organization_id: organisationId,
        year,
      });
    case "enable":
      return staff.post("/api/management/admin/valid/", organisation);
    case "prelaunch":
      return staff.post("/api/management/admin/prelaunch/", { org_id: organisationId, year });
  }
  throw new Error(`no call for ${action}`);
}
