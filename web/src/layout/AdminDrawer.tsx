import { AppShell, ScrollArea } from "@mantine/core";
import { useLocation } from "@tanstack/react-router";
import type { AdminDetail } from "../api/answers.ts";
import { adminScreens } from "./adminScreens.ts";
import { NavDrawerLink } from "./NavDrawerLink.tsx";

/** The back office's navigation drawer on narrow screens: the screens its wide bar lists. */
export function AdminDrawer({ detail }: { detail: AdminDetail }) {
  const { pathname } = useLocation();
  return (
    <AppShell.Section grow component={ScrollArea} p="xs">
      {adminScreens(detail).map((screen) => (
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
