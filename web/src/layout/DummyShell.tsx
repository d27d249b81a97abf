import { AppShell, Container } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Outlet } from "@tanstack/react-router";
import { DummyOrgContext } from "../session/dummyContext.ts";
import { dummyOrganisationQuery } from "../session/dummyOrganisation.ts";
import { useCustomerDetail } from "../session/useSessions.ts";
import { DummyDrawer } from "./DummyDrawer.tsx";
import { DummyHeader } from "./DummyHeader.tsx";
import { NAV_DRAWER_ID } from "./NavBurger.tsx";
import { drawerNavbar, useNavDrawer } from "./narrowNav.ts";

/**
 * Height of the red bar (48) plus the navigation row (44) and border; on narrow screens the row is in
 * the drawer and only the red bar stays.
 */
const DUMMY_HEADER_HEIGHT = { base: 49, md: 93 };

/** Staff viewing an organisation's dashboard read-only; every screen below loads that organisation. */
export function DummyShell({ orgId }: { orgId: string }) {
  return (
    <DummyOrgContext.Provider value={orgId}>
      <DummyFrame orgId={orgId} />
    </DummyOrgContext.Provider>
  );
}

function DummyFrame({ orgId }: { orgId: string }) {
  const detail = useCustomerDetail();
  const viewed = useQuery(dummyOrganisationQuery(orgId)).data?.organization;
  const drawer = useNavDrawer();
  if (!detail || !viewed) return null;
  return (
    <AppShell header={{ height: DUMMY_HEADER_HEIGHT }} navbar={drawerNavbar(drawer.opened)} padding={0}>
      <AppShell.Header withBorder={false}>
        <DummyHeader
          orgId={orgId}
          organization={viewed}
          drawerOpened={drawer.opened}
          onBurger={drawer.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar id={NAV_DRAWER_ID} aria-label="Navigation menu">
        {drawer.opened ? <DummyDrawer orgId={orgId} organization={viewed} /> : null}
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Container size="xl" py={{ base: "md", sm: "xl" }} px={{ base: "xs", sm: "md" }}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
