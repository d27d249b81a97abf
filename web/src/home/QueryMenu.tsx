import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from "@mantine/core";
import {
  type Icon,
  IconArrowsExchange,
  IconChartBar,
  IconChevronRight,
  IconTargetArrow,
  IconTrophy,
} from "@tabler/icons-react";
import { createLink } from "@tanstack/react-router";
import type { ComponentPropsWithRef } from "react";
import type { Theme } from "../../../server/engine/catalogue.ts";
import { analysisTitle, type QueryName, THEME_GROUPS } from "../analyses/catalogue.ts";
import classes from "./QueryMenu.module.css";

const GROUP_ICONS: Record<Theme, Icon> = {
  "Competitive Comparison": IconTrophy,
  "Partnership Strength": IconArrowsExchange,
  "Market Alignment": IconTargetArrow,
  "Service Strength": IconChartBar,
};

function RowAnchor(props: ComponentPropsWithRef<"a">) {
  return <UnstyledButton component="a" className={classes.row} {...props} />;
}
const RowLink = createLink(RowAnchor);

/** An initialized organisation's home: the analyses, a card per theme group. */
export function QueryMenu({ dummyOrgId }: { dummyOrgId?: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      {THEME_GROUPS.map((group) => {
        const GroupIcon = GROUP_ICONS[group.theme];
        return (
          <Card key={group.id} padding="lg">
            <Stack gap="md">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" size={36} radius="md">
                  <GroupIcon size={20} />
                </ThemeIcon>
                <Title order={4}>{group.label}</Title>
              </Group>
              <Stack gap={4}>
                {group.queries.map((name) => (
                  <AnalysisRow key={name} name={name} dummyOrgId={dummyOrgId} />
                ))}
              </Stack>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

function AnalysisRow({ name, dummyOrgId }: { name: QueryName; dummyOrgId?: string }) {
  const content = (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={500}>
        {analysisTitle(name)}
      </Text>
      <IconChevronRight size={16} />
    </Group>
  );
  return dummyOrgId ? (
    <RowLink to="/dummy/$orgId/queries/$queryName" params={{ orgId: dummyOrgId, queryName: name }}>
      {content}
    </RowLink>
  ) : (
    <RowLink to="/queries/$queryName" params={{ queryName: name }}>
      {content}
    </RowLink>
  );
}
