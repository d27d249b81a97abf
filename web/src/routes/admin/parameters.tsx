import { createRoute } from "@tanstack/react-router";
import { ParametersScreen } from "../../admin/parameters/ParametersScreen.tsx";
import { refuseAgents } from "../../session/guard.ts";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const parametersRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "settings/parameters",
  beforeLoad: ({ context }) => refuseAgents(context.admin),
  component: ParametersScreen,
});
