import { AppShell, ScrollArea } from "@mantine/core";
import { useLocation } from "@tanstack/react-router";
import { adminScreens } from "./adminScreens.ts";
import { NavDrawerLink } from "./NavDrawerLink.tsx";

/** The back office's navigation drawer on narrow screens: the screens its wide bar lists. */
export function AdminDrawer({ isAgent }: { isAgent: boolean }) {
  const { pathname } = useLocation();
  return (
    <AppShell.Section grow component={ScrollArea} p="xs">
      {adminScreens(isAgent).map((screen) => (
        <NavDrawerLink
          key={screen.to}
          to={screen.to}
          label={screen.label}
          active={pathname === screen.to || pathname.startsWith(`${screen.to}/`)}
        />
      ))}
    </AppShell.Section>
  );
}
