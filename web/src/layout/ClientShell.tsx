import { AppShell, Container } from "@mantine/core";
import { Outlet } from "@tanstack/react-router";
import { LiveChannel } from "../live/LiveChannel.tsx";
import { useCustomerDetail } from "../session/useSessions.ts";
import { ClientDrawer } from "./ClientDrawer.tsx";
import { ClientHeader } from "./ClientHeader.tsx";
import { NAV_DRAWER_ID } from "./NavBurger.tsx";
import { drawerNavbar, useNavDrawer } from "./narrowNav.ts";

/**
 * Height of the customer bar: one row (56 + border) on narrow screens, where the navigation is in the
 * drawer; two rows (56 + 44 + border) from the md breakpoint.
 */
export const CLIENT_HEADER_HEIGHT = { base: 57, md: 101 };

/** The signed-in customer's frame: the bar on top, the navigation drawer on narrow screens, the screen. */
export function ClientShell() {
  const detail = useCustomerDetail();
  const drawer = useNavDrawer();
  // Only during a sign-out: the guard redirects right after.
  if (!detail) return null;
  return (
    <LiveChannel
      channelId={detail.profile.channel_id}
      kind="client"
      stored={[...detail.profile.notifications, ...detail.profile.background_tasks]}
    >
      <AppShell header={{ height: CLIENT_HEADER_HEIGHT }} navbar={drawerNavbar(drawer.opened)} padding={0}>
        <AppShell.Header withBorder={false}>
          <ClientHeader detail={detail} drawerOpened={drawer.opened} onBurger={drawer.toggle} />
        </AppShell.Header>
        <AppShell.Navbar id={NAV_DRAWER_ID} aria-label="Navigation menu">
          {drawer.opened ? <ClientDrawer detail={detail} /> : null}
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
