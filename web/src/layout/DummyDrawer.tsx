import { AppShell, ScrollArea, Text } from "@mantine/core";
import { IconLayoutDashboard, IconUser } from "@tabler/icons-react";
import { useLocation } from "@tanstack/react-router";
import type { Organization } from "../api/answers.ts";
import { AnalysisDrawerNav } from "./AnalysisDrawerNav.tsx";
import { NavDrawerLink } from "./NavDrawerLink.tsx";

/** The dummy view's navigation drawer on narrow screens: whose dashboard it is, then its screens. */
export function DummyDrawer({ orgId, organization }: { orgId: string; organization: Organization }) {
  const { pathname } = useLocation();
  const base = `/dummy/${orgId}`;
  return (
    <AppShell.Section grow component={ScrollArea} p="xs">
      <Text size="sm" c="red.8" fw={500} px="sm" py="xs">
        You are logged into the dashboard of {organization.name}
      </Text>
      <NavDrawerLink
        to="/dummy/$orgId"
        params={{ orgId }}
        label="Dashboard"
        leftSection={<IconLayoutDashboard size={18} />}
        active={pathname === base || pathname === `${base}/`}
      />
      <AnalysisDrawerNav initialized={organization.initialized} dummyOrgId={orgId} />
      <NavDrawerLink
        to="/dummy/$orgId/profile"
        params={{ orgId }}
        label="Profile"
        leftSection={<IconUser size={18} />}
        active={pathname === `${base}/profile`}
      />
    </AppShell.Section>
  );
}
