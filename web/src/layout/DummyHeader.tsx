import { Box, Group, Text } from "@mantine/core";
import { IconArrowBackUp, IconEye, IconLayoutDashboard, IconUser } from "@tabler/icons-react";
import type { Organization } from "../api/types.ts";
import { ButtonLink } from "../components/links.tsx";
import { AnalysisNav } from "./AnalysisNav.tsx";
import classes from "./Header.module.css";
import navClasses from "./nav.module.css";

/**
 * The impersonation bar: red, says whose dashboard this is, and leads back to the back office. The
 * row below navigates the organisation's screens (no practice profile or help centre in this mode).
 */
export function DummyHeader({ orgId, organization }: { orgId: string; organization: Organization }) {
  return (
    <Box className={classes.header}>
      <Group className={classes.dummyBar} justify="space-between" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <IconEye size={18} />
            <Text fw={700} size="sm" tt="uppercase">
              logged in as agent
            </Text>
          </Group>
          <Text size="sm">You are logged into the dashboard of {organization.name}</Text>
        </Group>
        <ButtonLink
          to="/administration"
          variant="white"
          color="red"
          size="xs"
          leftSection={<IconArrowBackUp size={14} />}
        >
          Back to administration
        </ButtonLink>
      </Group>
      <Group className={classes.navRow} gap={4} wrap="nowrap">
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
