import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { refuseAgents } from "../../session/guard.ts";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const parametersRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "settings/parameters",
  beforeLoad: ({ context }) => refuseAgents(context.admin),
  component: lazyRouteComponent(
    () => import("../../admin/parameters/ParametersScreen.tsx"),
    "ParametersScreen",
  ),
});
