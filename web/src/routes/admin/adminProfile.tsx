import { createRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const adminProfileRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "profile",
  component: () => <ScreenTitle title="Profile" />,
});
