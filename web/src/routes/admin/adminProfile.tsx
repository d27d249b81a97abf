import { createRoute } from "@tanstack/react-router";
import { StaffProfileScreen } from "../../profile/StaffProfileScreen.tsx";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const adminProfileRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "profile",
  component: StaffProfileScreen,
});
