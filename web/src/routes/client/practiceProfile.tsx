import { createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { FIRST_ANALYSIS } from "../../analyses/catalogue.ts";
import { clientLayoutRoute } from "./clientLayout.tsx";

/** Facilities, providers, data upload and questionnaire: the organisation's admins only. */
export const practiceProfileRoute = createRoute({
  getParentRoute: () => clientLayoutRoute,
  path: "practice-profile",
  beforeLoad: ({ context }) => {
    // Spec: assistants (non-staff) are sent to the first analysis; admins must accept the agreement first.
    if (!context.customer.profile.is_staff) {
      throw redirect({ to: "/queries/$queryName", params: { queryName: FIRST_ANALYSIS }, replace: true });
    }
    if (!context.customer.organization.agreement_accepted) throw redirect({ to: "/", replace: true });
  },
  component: lazyRouteComponent(
    () => import("../../practiceProfile/PracticeProfileScreen.tsx"),
    "PracticeProfileScreen",
  ),
});
