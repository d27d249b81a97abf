import { createRoute } from "@tanstack/react-router";
import { MailboxScreen } from "../../admin/mailbox/MailboxScreen.tsx";
import { refuseAgents } from "../../session/guard.ts";
import { adminLayoutRoute } from "./adminLayout.tsx";

export const mailboxRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: "mailbox",
  beforeLoad: ({ context }) => refuseAgents(context.admin),
  component: MailboxScreen,
});
