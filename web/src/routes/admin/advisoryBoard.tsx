import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { refuseAgents } from "../../session/guard.ts";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const advisoryBoardRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "advisoryboard",
  beforeLoad: ({ context }) => refuseAgents(context.admin),
  component: lazyRouteComponent(
    () => import("../../admin/advisoryBoard/AdvisoryBoardScreen.tsx"),
    "AdvisoryBoardScreen",
  ),
});
