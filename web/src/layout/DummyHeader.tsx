import { Box, Group, Text } from "@mantine/core";
import { IconArrowBackUp, IconEye, IconLayoutDashboard, IconUser } from "@tabler/icons-react";
import type { Organization } from "../api/answers.ts";
import { ButtonLink } from "../components/links.tsx";
import { ActionIconLink } from "./ActionIconLink.tsx";
import { AnalysisNav } from "./AnalysisNav.tsx";
import classes from "./Header.module.css";
import { NavBurger } from "./NavBurger.tsx";
import { NAV_BREAKPOINT } from "./narrowNav.ts";
import navClasses from "./nav.module.css";

/**
 * The impersonation bar: red, says whose dashboard this is, and leads back to the back office. The
 * row below navigates the organisation's screens (no practice profile or help centre in this mode);
 * on narrow screens that row and the organisation's name move into the drawer the burger opens.
 */
export function DummyHeader({
  orgId,
  organization,
  drawerOpened,
  onBurger,
}: {
  orgId: string;
  organization: Organization;
  drawerOpened: boolean;
  onBurger: () => void;
}) {
  return (
    <Box className={classes.header}>
      <Group className={classes.dummyBar} justify="space-between" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          <NavBurger opened={drawerOpened} onClick={onBurger} color="white" />
          <Group gap={6} wrap="nowrap">
            <IconEye size={18} />
            <Text fw={700} size="sm" tt="uppercase">
              logged in as agent
            </Text>
          </Group>
          <Text size="sm" visibleFrom={NAV_BREAKPOINT}>
            You are logged into the dashboard of {organization.name}
          </Text>
        </Group>
        <ButtonLink
          to="/administration"
          variant="white"
          color="red"
          size="xs"
          leftSection={<IconArrowBackUp size={14} />}
          visibleFrom="sm"
        >
          Back to administration
        </ButtonLink>
        {/* A phone has no room for the words: the same link as an icon. */}
        <ActionIconLink
          to="/administration"
          variant="white"
          color="red"
          hiddenFrom="sm"
          aria-label="Back to administration"
        >
          <IconArrowBackUp size={16} />
        </ActionIconLink>
      </Group>
      <Group className={classes.navRow} gap={4} wrap="nowrap" visibleFrom={NAV_BREAKPOINT}>
        <ButtonLink
          to="/dummy/$orgId"
          params={{ orgId }}
          activeOptions={{ exact: true }}
          variant="subtle"
          className={navClasses.navButton}
          leftSection={<IconLayoutDashboard size={16} />}
        >
          Dashboard
        </ButtonLink>
        <AnalysisNav initialized={organization.initialized} dummyOrgId={orgId} />
        <ButtonLink
          to="/dummy/$orgId/profile"
          params={{ orgId }}
          variant="subtle"
          className={navClasses.navButton}
          leftSection={<IconUser size={16} />}
        >
          Profile
        </ButtonLink>
      </Group>
    </Box>
  );
}
