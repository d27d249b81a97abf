/** The back office's screens as its bar and its drawer list them; agents see two (admin spec §6). */
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
  /** Shown to staff admins only, not to agents. */
  adminOnly: boolean;
}

const ADMIN_SCREENS: readonly AdminScreen[] = [
  { to: "/administration/customers", label: "Customers", adminOnly: false },
  { to: "/administration/advisoryboard", label: "Advisory board", adminOnly: true },
  { to: "/administration/helpcenter", label: "Helpcenter", adminOnly: false },
  { to: "/administration/settings/contents", label: "Contents", adminOnly: true },
  { to: "/administration/settings/parameters", label: "Parameters", adminOnly: true },
  { to: "/administration/mailbox", label: "Mailbox", adminOnly: true },
];

export function adminScreens(isAgent: boolean): readonly AdminScreen[] {
  return ADMIN_SCREENS.filter((screen) => !(isAgent && screen.adminOnly));
}
