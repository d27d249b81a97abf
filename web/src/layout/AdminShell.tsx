import { AppShell, Container } from "@mantine/core";
import { Outlet } from "@tanstack/react-router";
import { LiveChannel } from "../live/LiveChannel.tsx";
import { useAdminDetail } from "../session/useSessions.ts";
import { AdminDrawer } from "./AdminDrawer.tsx";
import { AdminHeader } from "./AdminHeader.tsx";
import { NAV_DRAWER_ID } from "./NavBurger.tsx";
import { drawerNavbar, useNavDrawer } from "./narrowNav.ts";

/** The back office's frame: the bar on top, the navigation drawer on narrow screens, the screen. */
export function AdminShell() {
  const detail = useAdminDetail();
  const drawer = useNavDrawer();
  // Only during a sign-out: the guard redirects right after.
  if (!detail) return null;
  return (
    <LiveChannel
      channelId={detail.profile.channel_id}
      kind="admin"
      stored={[...detail.profile.notifications, ...detail.profile.background_tasks]}
    >
      <AppShell header={{ height: 57 }} navbar={drawerNavbar(drawer.opened)} padding={0}>
        <AppShell.Header withBorder={false}>
          <AdminHeader detail={detail} drawerOpened={drawer.opened} onBurger={drawer.toggle} />
        </AppShell.Header>
        <AppShell.Navbar id={NAV_DRAWER_ID} aria-label="Navigation menu">
          {drawer.opened ? <AdminDrawer detail={detail} /> : null}
        </AppShell.Navbar>
        <AppShell.Main bg="gray.0">
          <Container size="xl" py={{ base: "md", sm: "xl" }} px={{ base: "xs", sm: "md" }}>
            <Outlet />
          </Container>
        </AppShell.Main>
      </AppShell>
    </LiveChannel>
  );
}
