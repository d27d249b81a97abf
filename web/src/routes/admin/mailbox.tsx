import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { requireScreen } from "../../session/guard.ts";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const mailboxRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "mailbox",
  beforeLoad: ({ context }) => requireScreen(context.admin, "/administration/mailbox"),
  component: lazyRouteComponent(() => import("../../admin/mailbox/MailboxScreen.tsx"), "MailboxScreen"),
});
