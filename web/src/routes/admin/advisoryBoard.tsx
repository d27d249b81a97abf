import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { requireScreen } from "../../session/guard.ts";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const advisoryBoardRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "advisoryboard",
  beforeLoad: ({ context }) => requireScreen(context.admin, "/administration/advisoryboard"),
  component: lazyRouteComponent(
    () => import("../../admin/advisoryBoard/AdvisoryBoardScreen.tsx"),
    "AdvisoryBoardScreen",
  ),
});
