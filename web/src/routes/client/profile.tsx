import { createRoute } from "@tanstack/react-router";
import { CustomerProfileScreen } from "../../profile/CustomerProfileScreen.tsx";
import { clientLayoutRoute } from "./clientLayout.tsx";

export const profileRoute = createRoute({
  getParentRoute: () => clientLayoutRoute,
  path: "profile",
  component: ProfileScreen,
});

/** Picture, name, organisation, users and saved queries (also in dummy mode). */
export function ProfileScreen() {
  return <CustomerProfileScreen />;
}
