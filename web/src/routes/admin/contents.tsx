import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { refuseAgents } from "../../session/guard.ts";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const contentsRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "settings/contents",
  beforeLoad: ({ context }) => refuseAgents(context.admin),
  // The Tiptap editor loads with this screen only, never on the others' first paint.
  component: lazyRouteComponent(() => import("../../admin/contents/ContentsScreen.tsx"), "ContentsScreen"),
});
