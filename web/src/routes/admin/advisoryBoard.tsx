import { createRoute } from "@tanstack/react-router";
import { AdvisoryBoardScreen } from "../../admin/advisoryBoard/AdvisoryBoardScreen.tsx";
import { refuseAgents } from "../../session/guard.ts";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const advisoryBoardRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "advisoryboard",
  beforeLoad: ({ context }) => refuseAgents(context.admin),
  component: AdvisoryBoardScreen,
});
