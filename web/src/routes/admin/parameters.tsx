import { createRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { refuseAgents } from "../../session/guard.ts";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const parametersRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "settings/parameters",
  beforeLoad: ({ context }) => refuseAgents(context.admin),
  component: () => <ScreenTitle title="Parameters" />,
});
