import { AppShell, Container } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Outlet } from "@tanstack/react-router";
import { DummyOrgContext } from "../session/dummyContext.ts";
import { dummyOrganisationQuery } from "../session/dummyOrganisation.ts";
import { useCustomerDetail } from "../session/useSessions.ts";
import { DummyHeader } from "./DummyHeader.tsx";

/** Height of the red bar (48) plus the navigation row (44) and border. */
const DUMMY_HEADER_HEIGHT = 93;

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
  if (!detail || !viewed) return null;
  return (
    <AppShell header={{ height: DUMMY_HEADER_HEIGHT }} padding={0}>
      <AppShell.Header withBorder={false}>
        <DummyHeader orgId={orgId} organization={viewed} />
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Container size="xl" py="xl">
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
