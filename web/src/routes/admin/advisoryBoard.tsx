import { createRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { refuseAgents } from "../../session/guard.ts";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const advisoryBoardRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "advisoryboard",
  beforeLoad: ({ context }) => refuseAgents(context.admin),
  component: () => <ScreenTitle title="Advisory board" />,
});
