import { NavLink, Text } from "@mantine/core";
import { IconChartBar, IconGauge } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useLocation } from "@tanstack/react-router";
import { analysisTitle, type QueryName, THEME_GROUPS, type ThemeGroup } from "../analyses/catalogue.ts";
import { type SavedLists, type SavedQuery, savedListsOf, savedListsQuery } from "../api/queries.ts";
import { SavedQueryIcon } from "../query/SavedQueryIcon.tsx";
import { NavDrawerLink } from "./NavDrawerLink.tsx";

const NOT_READY = "Available once your organisation's setup is reviewed and initialized";

interface AnalysisDrawerNavProps {
  /** Spec: the theme groups and the score stay disabled until the organisation is initialized. */
  initialized: boolean;
  /** In dummy mode links stay inside /dummy/{orgId}. */
  dummyOrgId?: string;
}

/**
 * The narrow screens' form of the analyses navigation (AnalysisNav): each theme group a section that
 * unfolds to its analyses and saved queries (the current one's group starts unfolded), then the score.
 */
export function AnalysisDrawerNav({ initialized, dummyOrgId }: AnalysisDrawerNavProps) {
  const saved = useInfiniteQuery({ ...savedListsQuery(dummyOrgId), enabled: initialized });
  const { pathname } = useLocation();
  return (
    <>
      {THEME_GROUPS.map((group) => (
        <ThemeGroupSection
          key={group.id}
          group={group}
          disabled={!initialized}
          dummyOrgId={dummyOrgId}
          saved={savedListsOf(saved.data)}
          pathname={pathname}
        />
      ))}
      {!initialized ? (
        <NavLink
          label="Vitality Score"
          leftSection={<IconGauge size={18} />}
          description={NOT_READY}
          disabled
        />
      ) : dummyOrgId ? (
        <NavDrawerLink
          to="/dummy/$orgId/vitality-score"
          params={{ orgId: dummyOrgId }}
          label="Vitality Score"
          leftSection={<IconGauge size={18} />}
          active={pathname.endsWith("/vitality-score")}
        />
      ) : (
        <NavDrawerLink
          to="/vitality-score"
          label="Vitality Score"
          leftSection={<IconGauge size={18} />}
          active={pathname === "/vitality-score"}
        />
      )}
    </>
  );
}

function ThemeGroupSection({
  group,
  disabled,
  dummyOrgId,
  saved,
  pathname,
}: {
  group: ThemeGroup;
  disabled: boolean;
  dummyOrgId?: string;
  saved?: SavedLists;
  pathname: string;
}) {
  const icon = <IconChartBar size={18} />;
  if (disabled)
    return (
      <NavLink component="button" label={group.label} leftSection={icon} description={NOT_READY} disabled />
    );
  const inGroup = (query: SavedQuery) => (group.queries as readonly string[]).includes(query.name);
  const own = saved?.user_queries.filter(inGroup) ?? [];
  const shared = saved?.colab_queries.filter(inGroup) ?? [];
  const current =
    group.queries.some((name) => pathname.endsWith(`/queries/${name}`)) ||
    [...own, ...shared].some((query) => pathname.endsWith(`/queries/custom/${query.id}`));
  return (
    <NavLink
      component="button"
      label={group.label}
      leftSection={icon}
      defaultOpened={current}
      childrenOffset={30}
    >
      {group.queries.map((name) => (
        <AnalysisLink
          key={name}
          name={name}
          dummyOrgId={dummyOrgId}
          active={pathname.endsWith(`/queries/${name}`)}
        />
      ))}
      {own.length + shared.length > 0 ? (
        <Text size="xs" c="dimmed" fw={500} px="sm" pt="xs">
          Saved queries
        </Text>
      ) : null}
      {own.map((query) => (
        <SavedQueryLink key={query.id} query={query} own dummyOrgId={dummyOrgId} pathname={pathname} />
      ))}
      {shared.map((query) => (
        <SavedQueryLink
          key={query.id}
          query={query}
          own={false}
          dummyOrgId={dummyOrgId}
          pathname={pathname}
        />
      ))}
    </NavLink>
  );
}

function AnalysisLink({
  name,
  dummyOrgId,
  active,
}: {
  name: QueryName;
  dummyOrgId?: string;
  active: boolean;
}) {
  const label = analysisTitle(name);
  return dummyOrgId ? (
    <NavDrawerLink
      to="/dummy/$orgId/queries/$queryName"
      params={{ orgId: dummyOrgId, queryName: name }}
      label={label}
      active={active}
    />
  ) : (
    <NavDrawerLink to="/queries/$queryName" params={{ queryName: name }} label={label} active={active} />
  );
}

/** A saved query of the group: its icon says whose it is; a shared one names its owner. */
function SavedQueryLink({
  query,
  own,
  dummyOrgId,
  pathname,
}: {
  query: SavedQuery;
  own: boolean;
  dummyOrgId?: string;
  pathname: string;
}) {
  const common = {
    label: query.title,
    description: own ? undefined : query.username,
    leftSection: <SavedQueryIcon query={query} own={own} />,
    active: pathname.endsWith(`/queries/custom/${query.id}`),
    "data-saved-query": query.id,
  };
  return dummyOrgId ? (
    <NavDrawerLink
      to="/dummy/$orgId/queries/custom/$id"
      params={{ orgId: dummyOrgId, id: query.id }}
      {...common}
    />
  ) : (
    <NavDrawerLink to="/queries/custom/$id" params={{ id: query.id }} {...common} />
  );
}
