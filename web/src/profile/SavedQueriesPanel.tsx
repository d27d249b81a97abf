import {
  ActionIcon,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconExternalLink, IconTrash } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmModal } from "../admin/shared/ConfirmModal.tsx";
import { QueryErrorAlert } from "../admin/shared/QueryErrorAlert.tsx";
import { analysisTitle } from "../analyses/catalogue.ts";
import {
  deleteSavedQuery,
  queryKeys,
  type SavedQuery,
  savedListsOf,
  savedListsQuery,
  shareSavedQuery,
} from "../api/queries.ts";
import { AnchorLink } from "../components/links.tsx";
import { ShowMore } from "../components/ShowMore.tsx";
import sticky from "../components/StickyActions.module.css";
import { SavedQueryIcon } from "../query/SavedQueryIcon.tsx";

function OpenLink({ query, dummyOrgId }: { query: SavedQuery; dummyOrgId?: string }) {
  const label = `Open ${query.title}`;
  return dummyOrgId ? (
    <AnchorLink
      to="/dummy/$orgId/queries/custom/$id"
      params={{ orgId: dummyOrgId, id: query.id }}
      aria-label={label}
    >
      <IconExternalLink size={16} />
    </AnchorLink>
  ) : (
    <AnchorLink to="/queries/custom/$id" params={{ id: query.id }} aria-label={label}>
      <IconExternalLink size={16} />
    </AnchorLink>
  );
}

function TitleCell({ query, own }: { query: SavedQuery; own: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <SavedQueryIcon query={query} own={own} />
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {query.title}
        </Text>
        {query.description ? (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {query.description}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

/**
 * The user's own custom queries (open, share Yes/No, delete) and the ones colleagues share with it
 * (owner's name, view only). In dummy mode: the provider's own for the organisation, and its shared ones.
 */
export function SavedQueriesPanel({ dummyOrgId }: { dummyOrgId?: string }) {
  const lists = useInfiniteQuery(savedListsQuery(dummyOrgId));
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<SavedQuery>();
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.savedLists });
  const share = useMutation({
    mutationFn: (change: { query: SavedQuery; accessible: boolean }) =>
      shareSavedQuery(change.query.id, change.query.organization_id, change.accessible, dummyOrgId),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (query: SavedQuery) => deleteSavedQuery(query.id, query.organization_id, dummyOrgId),
    onSuccess: async () => {
      setDeleting(undefined);
      await reload();
    },
  });

  if (lists.error) return <QueryErrorAlert error={lists.error} />;
  const read = savedListsOf(lists.data);
  const own = read?.user_queries ?? [];
  const shared = read?.colab_queries ?? [];

  return (
    <>
      <Paper p="md" withBorder radius="md" component="section" aria-label="Your custom queries">
        <Title order={4} mb="sm">
          Your custom queries
        </Title>
        {share.error ? <QueryErrorAlert error={share.error} /> : null}
        {own.length === 0 ? (
          <Text size="sm" c="dimmed">
            {lists.isPending
              ? "Loading…"
              : "No saved query yet: use Save on an analysis to keep a filtered view here."}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing={6} aria-label="Your custom queries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Analysis</Table.Th>
                  <Table.Th>Shared</Table.Th>
                  <Table.Th ta="right" className={sticky.cell}>
                    Actions
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {own.map((query) => (
                  <Table.Tr key={query.id} data-saved-query={query.id}>
                    <Table.Td>
                      <TitleCell query={query} own />
                    </Table.Td>
                    <Table.Td>{analysisTitle(query.name)}</Table.Td>
                    <Table.Td>
                      <SegmentedControl
                        size="xs"
                        aria-label={`Share ${query.title}`}
                        data={["No", "Yes"]}
                        value={query.accessible ? "Yes" : "No"}
                        disabled={share.isPending}
                        onChange={(value) => share.mutate({ query, accessible: value === "Yes" })}
                      />
                    </Table.Td>
                    <Table.Td className={sticky.cell}>
                      <Group gap={8} justify="flex-end" wrap="nowrap">
                        <OpenLink query={query} dummyOrgId={dummyOrgId} />
                        {query.can_delete ? (
                          <Tooltip label="Delete">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Delete ${query.title}`}
                              onClick={() => {
                                remove.reset();
                                setDeleting(query);
                              }}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Paper p="md" withBorder radius="md" component="section" aria-label="Shared queries">
        <Title order={4} mb="sm">
          Shared queries
        </Title>
        {shared.length === 0 ? (
          <Text size="sm" c="dimmed">
            {lists.isPending ? "Loading…" : "No query is shared with you yet."}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing={6} aria-label="Shared queries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Analysis</Table.Th>
                  <Table.Th>Owner</Table.Th>
                  <Table.Th ta="right" className={sticky.cell}>
                    View
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shared.map((query) => (
                  <Table.Tr key={query.id} data-saved-query={query.id}>
                    <Table.Td>
                      <TitleCell query={query} own={false} />
                    </Table.Td>
                    <Table.Td>{analysisTitle(query.name)}</Table.Td>
                    <Table.Td>{query.username}</Table.Td>
                    <Table.Td className={sticky.cell}>
                      <Group justify="flex-end">
                        <OpenLink query={query} dummyOrgId={dummyOrgId} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {/* A page holds both lists' next rows (one order), so one "Show more" reads on for both. */}
      <ShowMore list={lists} />
      <ConfirmModal
        opened={deleting !== undefined}
        title="Delete this saved query?"
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
        onClose={() => setDeleting(undefined)}
      >
        {`"${deleting?.title ?? ""}" will be deleted for everyone it is shared with.`}
      </ConfirmModal>
    </>
  );
}
