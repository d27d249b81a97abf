import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { errorMessage, hasCode } from "../api/errors.ts";
import { deleteSavedQuery, queryKeys, savedQueryRun } from "../api/queries.ts";
import { ButtonLink } from "../components/links.tsx";
import { ScreenTitle } from "../components/ScreenTitle.tsx";
import { useDummyOrgId } from "../session/dummyContext.ts";
import { AnalysisScreen } from "./AnalysisScreen.tsx";
import type { FilterValues } from "./types.ts";

/**
 * A saved custom query: its analysis with the saved filters, title and description. Save is
 * hidden; Delete is shown to whoever may delete it (owner or super user), then goes Home.
 */
export function CustomQueryScreen({ id }: { id: string }) {
  const dummyOrgId = useDummyOrgId();
  const saved = useQuery(savedQueryRun(id, dummyOrgId));
  const [overrides, setOverrides] = useState<FilterValues | undefined>();
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (query: { id: string; organisationId: string }) =>
      deleteSavedQuery(query.id, query.organisationId, dummyOrgId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.savedLists });
      queryClient.removeQueries({ queryKey: queryKeys.saved(id, dummyOrgId) });
      if (dummyOrgId) await navigate({ to: "/dummy/$orgId", params: { orgId: dummyOrgId } });
      else await navigate({ to: "/" });
    },
  });

  if (saved.error) {
    const missing = hasCode(saved.error, "not_found");
    return (
      <>
        <ScreenTitle title="Custom query" />
        <Alert color={missing ? "yellow" : "red"} variant="light" icon={<IconAlertTriangle />}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {missing
                ? "This saved query does not exist, or it is not shared with you."
                : errorMessage(saved.error)}
            </Text>
            {dummyOrgId ? (
              <ButtonLink size="xs" variant="white" to="/dummy/$orgId/profile" params={{ orgId: dummyOrgId }}>
                See the saved queries
              </ButtonLink>
            ) : (
              <ButtonLink size="xs" variant="white" to="/profile">
                See your saved queries
              </ButtonLink>
            )}
          </Stack>
        </Alert>
      </>
    );
  }
  if (!saved.data) {
    return (
      <>
        <ScreenTitle title="Custom query" />
        <Center mih={320}>
          <Loader aria-label="Loading results" />
        </Center>
      </>
    );
  }

  const query = saved.data.saved_query;
  // A colleague's (or the provider's) shared query names its owner; shared queries are view-only.
  const owner = query.is_owner ? undefined : `Shared by ${query.username}`;
  const description = [owner, query.description].filter(Boolean).join(" · ");
  return (
    <>
      <AnalysisScreen
        key={query.id}
        name={query.name}
        requested={overrides ?? query.filters}
        onApply={(filters) => setOverrides(filters)}
        saved={{
          id: query.id,
          title: query.title,
          description,
          onDelete: query.can_delete ? () => setConfirming(true) : undefined,
          deleting: remove.isPending,
        }}
      />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete this saved query?">
        <Stack gap="md">
          <Text size="sm">"{query.title}" will be deleted for everyone it is shared with.</Text>
          {remove.error ? (
            <Alert color="red" variant="light">
              {errorMessage(remove.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate({ id: query.id, organisationId: query.organization_id })}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
