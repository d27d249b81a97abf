import { AppShell, Divider, ScrollArea } from "@mantine/core";
import { IconBuildingHospital } from "@tabler/icons-react";
import { useLocation } from "@tanstack/react-router";
import type { CustomerDetail } from "../api/answers.ts";
import { AnalysisDrawerNav } from "./AnalysisDrawerNav.tsx";
import { NavDrawerLink } from "./NavDrawerLink.tsx";
import { ProductDrawerLinks } from "./ProductDrawerLinks.tsx";

/**
 * The customer's navigation drawer on narrow screens: the theme groups and the score, the practice
 * profile, then the product menu - everything the wide bar shows beside the bell and the avatar.
 */
export function ClientDrawer({ detail }: { detail: CustomerDetail }) {
  const { profile, organization } = detail;
  const { pathname } = useLocation();
  return (
    <AppShell.Section grow component={ScrollArea} p="xs">
      <AnalysisDrawerNav initialized={organization.initialized} />
      {profile.is_staff && organization.agreement_accepted ? (
        <NavDrawerLink
          to="/practice-profile"
          label="Practice profile"
          leftSection={<IconBuildingHospital size={18} />}
          active={pathname === "/practice-profile"}
        />
      ) : null}
      <Divider my="xs" label="Product" labelPosition="left" />
      <ProductDrawerLinks />
    </AppShell.Section>
  );
}
