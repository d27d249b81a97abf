import { Button, Group, Paper, Text, Title } from "@mantine/core";
import { IconPlayerPause } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  organisationSubscriptionsQuery,
  pauseOrganisationSubscriptions,
} from "../../api/reportSubscriptions.ts";
import { ShowMore } from "../../components/ShowMore.tsx";
import { SubscriptionsTable } from "../../reports/SubscriptionsTable.tsx";
import { ConfirmModal } from "../shared/ConfirmModal.tsx";
import { QueryErrorAlert } from "../shared/QueryErrorAlert.tsx";

/**
 * The overview's report subscriptions of a customer: read-only for staff (they are the users'),
 * with "Pause all" for site admins (a customer asking to stop every mail, or a broken data year).
 */
export function ReportSubscriptionsPanel({
  organisationId,
  canEdit,
}: {
  organisationId: string;
  canEdit: boolean;
}) {
  const list = useInfiniteQuery(organisationSubscriptionsQuery(organisationId));
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const pauseAll = useMutation({
    mutationFn: () => pauseOrganisationSubscriptions(organisationId),
    onSuccess: (answer) => {
      // Pausing answers every subscription: they become the one page held.
      queryClient.setQueryData(organisationSubscriptionsQuery(organisationId).queryKey, {
        pages: [{ status: 200, subscriptions: answer.subscriptions, next_cursor: null }],
        pageParams: [undefined],
      });
      setConfirming(false);
    },
  });
  const subscriptions = list.data?.pages.flatMap((page) => page.subscriptions) ?? [];
  const active = subscriptions.filter((subscription) => !subscription.paused).length;
  return (
    <Paper p="md" withBorder radius="md" component="section" aria-label="Report subscriptions">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Report subscriptions</Title>
        {canEdit ? (
          <Button
            variant="light"
            color="orange"
            leftSection={<IconPlayerPause size={16} />}
            disabled={active === 0}
            onClick={() => setConfirming(true)}
          >
            Pause all
          </Button>
        ) : null}
      </Group>
      {list.error ? <QueryErrorAlert error={list.error} /> : null}
      {list.data && subscriptions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No user of this customer subscribes to a report.
        </Text>
      ) : null}
      {subscriptions.length > 0 ? <SubscriptionsTable subscriptions={subscriptions} showOwner /> : null}
      <ShowMore list={list} />
      <ConfirmModal
        opened={confirming}
        title="Pause every report subscription?"
        confirmLabel="Pause all"
        color="orange"
        pending={pauseAll.isPending}
        error={pauseAll.error}
        onConfirm={() => pauseAll.mutate()}
        onClose={() => setConfirming(false)}
      >
        {`${active} subscription${active === 1 ? "" : "s"} will stop until their owners resume them.`}
      </ConfirmModal>
    </Paper>
  );
}
