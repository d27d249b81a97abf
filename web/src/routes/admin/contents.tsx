import { createRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { refuseAgents } from "../../session/guard.ts";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const contentsRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "settings/contents",
  beforeLoad: ({ context }) => refuseAgents(context.admin),
  component: () => <ScreenTitle title="Manage contents" />,
});
