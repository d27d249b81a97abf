import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { requireScreen } from "../../session/guard.ts";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const parametersRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "settings/parameters",
  beforeLoad: ({ context }) => requireScreen(context.admin, "/administration/settings/parameters"),
  component: lazyRouteComponent(
    () => import("../../admin/parameters/ParametersScreen.tsx"),
    "ParametersScreen",
  ),
});
