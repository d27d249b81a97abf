import type { AdminDetail } from "../api/answers.ts";
import { type Call, mayCall } from "../session/permissions.ts";

/**
 * The back office's screens as its bar and its drawer list them. A screen whose work is a call the
 * staff member may not make is neither listed nor opened (admin spec section 6: agents do not see
 * Advisory board, Contents, Parameters or Mailbox); the server's role table decides (docs/roles.md).
 */
export type AdminPath =
  | "/administration/customers"
  | "/administration/advisoryboard"
  | "/administration/helpcenter"
  | "/administration/settings/contents"
  | "/administration/settings/parameters"
  | "/administration/mailbox";

interface AdminScreen {
  to: AdminPath;
  label: string;
  /** The call the screen exists for; without it the screen is hidden and its route redirects. */
  needs?: Call;
}

const ADMIN_SCREENS: readonly AdminScreen[] = [
  { to: "/administration/customers", label: "Customers" },
  {
    to: "/administration/advisoryboard",
    label: "Advisory board",
    needs: "POST /api/services/advisory_board/file",
  },
  { to: "/administration/helpcenter", label: "Helpcenter" },
  {
    to: "/administration/settings/contents",
    label: "Contents",
    needs: "POST /api/management/admin/sitesettings",
  },
  {
    to: "/administration/settings/parameters",
    label: "Parameters",
    needs: "POST /api/management/admin/detail",
  },
  { to: "/administration/mailbox", label: "Mailbox", needs: "GET /api/services/email/get" },
];

export function adminScreens(admin: Pick<AdminDetail, "permissions">): readonly AdminScreen[] {
  return ADMIN_SCREENS.filter((screen) => !screen.needs || mayCall(admin, screen.needs));
}

/** The call a screen needs, for its route's guard (session/guard.ts). */
export function screenNeeds(to: AdminPath): Call | undefined {
  return ADMIN_SCREENS.find((screen) => screen.to === to)?.needs;
}
