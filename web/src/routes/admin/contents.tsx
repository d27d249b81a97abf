import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { requireScreen } from "../../session/guard.ts";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const contentsRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "settings/contents",
  beforeLoad: ({ context }) => requireScreen(context.admin, "/administration/settings/contents"),
  // The Tiptap editor loads with this screen only, never on the others' first paint.
  component: lazyRouteComponent(() => import("../../admin/contents/ContentsScreen.tsx"), "ContentsScreen"),
});
