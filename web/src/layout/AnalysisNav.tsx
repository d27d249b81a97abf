import { Button, Group, Menu, Text, Tooltip } from "@mantine/core";
import { IconChevronDown, IconGauge } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useLocation } from "@tanstack/react-router";
import { analysisTitle, type QueryName, THEME_GROUPS, type ThemeGroup } from "../analyses/catalogue.ts";
import { type SavedLists, type SavedQuery, savedListsOf, savedListsQuery } from "../api/queries.ts";
import { ButtonLink, MenuItemLink } from "../components/links.tsx";
import { SavedQueryIcon } from "../query/SavedQueryIcon.tsx";
import classes from "./nav.module.css";

const NOT_READY = "Available once your organisation's setup is reviewed and initialized";

interface AnalysisNavProps {
  /** Spec: the theme groups and the score stay disabled until the organisation is initialized. */
  initialized: boolean;
  /** In dummy mode links stay inside /dummy/{orgId}. */
  dummyOrgId?: string;
}

/** The four theme groups as menus of their analyses, then the Vitality Score. */
export function AnalysisNav({ initialized, dummyOrgId }: AnalysisNavProps) {
  // Saved queries join their group's menu once the analyses are open.
  const saved = useInfiniteQuery({ ...savedListsQuery(dummyOrgId), enabled: initialized });
  return (
    <Group gap={4} wrap="nowrap" component="nav" aria-label="Analyses">
      {THEME_GROUPS.map((group) => (
        <ThemeGroupMenu
          key={group.id}
          group={group}
          disabled={!initialized}
          dummyOrgId={dummyOrgId}
          saved={savedListsOf(saved.data)}
        />
      ))}
      {initialized ? (
        dummyOrgId ? (
          <ButtonLink
            to="/dummy/$orgId/vitality-score"
            params={{ orgId: dummyOrgId }}
            variant="subtle"
            className={classes.navButton}
            leftSection={<IconGauge size={16} />}
          >
            Vitality Score
          </ButtonLink>
        ) : (
          <ButtonLink
            to="/vitality-score"
            variant="subtle"
            className={classes.navButton}
            leftSection={<IconGauge size={16} />}
          >
            Vitality Score
          </ButtonLink>
        )
      ) : (
        <Tooltip label={NOT_READY}>
          <Button
            variant="subtle"
            className={classes.navButton}
            leftSection={<IconGauge size={16} />}
            data-disabled
            aria-disabled
          >
            Vitality Score
          </Button>
        </Tooltip>
      )}
    </Group>
  );
}

function ThemeGroupMenu({
  group,
  disabled,
  dummyOrgId,
  saved,
}: {
  group: ThemeGroup;
  disabled: boolean;
  dummyOrgId?: string;
  saved?: SavedLists;
}) {
  const { pathname } = useLocation();
  const inGroup = (query: SavedQuery) => (group.queries as readonly string[]).includes(query.name);
  const own = saved?.user_queries.filter(inGroup) ?? [];
  const shared = saved?.colab_queries.filter(inGroup) ?? [];
  const current = group.queries.some((name) => pathname.endsWith(`/queries/${name}`));
  const target = (
    <Button
      variant="subtle"
      className={classes.navButton}
      rightSection={<IconChevronDown size={14} />}
      data-disabled={disabled || undefined}
      data-active={current || undefined}
      aria-disabled={disabled || undefined}
    >
      {group.label}
    </Button>
  );
  if (disabled) return <Tooltip label={NOT_READY}>{target}</Tooltip>;
  return (
    <Menu position="bottom-start" shadow="md" width={240}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{group.label}</Menu.Label>
        {group.queries.map((name) => (
          <AnalysisMenuItem key={name} name={name} dummyOrgId={dummyOrgId} />
        ))}
        {own.length + shared.length > 0 ? (
          <>
            <Menu.Divider />
            <Menu.Label>Saved queries</Menu.Label>
          </>
        ) : null}
        {own.map((query) => (
          <SavedQueryMenuItem key={query.id} query={query} own dummyOrgId={dummyOrgId} />
        ))}
        {shared.map((query) => (
          <SavedQueryMenuItem key={query.id} query={query} own={false} dummyOrgId={dummyOrgId} />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function AnalysisMenuItem({ name, dummyOrgId }: { name: QueryName; dummyOrgId?: string }) {
  const title = analysisTitle(name);
  return dummyOrgId ? (
    <MenuItemLink to="/dummy/$orgId/queries/$queryName" params={{ orgId: dummyOrgId, queryName: name }}>
      {title}
    </MenuItemLink>
  ) : (
    <MenuItemLink to="/queries/$queryName" params={{ queryName: name }}>
      {title}
    </MenuItemLink>
  );
}

/** A saved query of the group: its icon says whose it is; a shared one names its owner. */
function SavedQueryMenuItem({
  query,
  own,
  dummyOrgId,
}: {
  query: SavedQuery;
  own: boolean;
  dummyOrgId?: string;
}) {
  const icon = <SavedQueryIcon query={query} own={own} />;
  const label = (
    <>
      {query.title}
      {own ? null : (
        <Text span size="xs" c="dimmed">
          {` · ${query.username}`}
        </Text>
      )}
    </>
  );
  return dummyOrgId ? (
    <MenuItemLink
      to="/dummy/$orgId/queries/custom/$id"
      params={{ orgId: dummyOrgId, id: query.id }}
      leftSection={icon}
      data-saved-query={query.id}
    >
      {label}
    </MenuItemLink>
  ) : (
    <MenuItemLink
      to="/queries/custom/$id"
      params={{ id: query.id }}
      leftSection={icon}
      data-saved-query={query.id}
    >
      {label}
    </MenuItemLink>
  );
}
