import { createRoute, lazyRouteComponent } from "@tanstack/react-router";
import { refuseAgents } from "../../session/guard.ts";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const mailboxRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "mailbox",
  beforeLoad: ({ context }) => refuseAgents(context.admin),
  component: lazyRouteComponent(() => import("../../admin/mailbox/MailboxScreen.tsx"), "MailboxScreen"),
});
