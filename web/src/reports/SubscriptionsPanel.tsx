import { ActionIcon, Group, Paper, Text, Title, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconEdit, IconPlayerPause, IconPlayerPlay, IconSend, IconTrash } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmModal } from "../admin/shared/ConfirmModal.tsx";
import { QueryErrorAlert } from "../admin/shared/QueryErrorAlert.tsx";
import { errorMessage } from "../api/errors.ts";
import {
  deleteSubscription,
  editSubscription,
  ownSubscriptionsQuery,
  type ReportSubscription,
  sendSubscriptionNow,
  subscriptionKeys,
} from "../api/reportSubscriptions.ts";
import { ShowMore } from "../components/ShowMore.tsx";
import { SubscribeDialog } from "./SubscribeDialog.tsx";
import { SubscriptionsTable } from "./SubscriptionsTable.tsx";

/**
 * The Profile's "Report subscriptions": the user's own, with next and last delivery (and why one
 * was not sent); pause, resume, edit, delete and "send now".
 */
export function SubscriptionsPanel({ userId }: { userId: string }) {
  const list = useInfiniteQuery(ownSubscriptionsQuery());
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ReportSubscription>();
  const [deleting, setDeleting] = useState<ReportSubscription>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.own });
  const failed = (error: unknown) => notifications.show({ color: "red", message: errorMessage(error) });

  const pause = useMutation({
    mutationFn: (subscription: ReportSubscription) =>
      editSubscription(subscription.id, { paused: !subscription.paused }),
    onSuccess: () => void refresh(),
    onError: failed,
  });
  const sendNow = useMutation({
    mutationFn: (subscription: ReportSubscription) => sendSubscriptionNow(subscription.id),
    onSuccess: ({ subscription }) => {
      notifications.show({ color: "green", message: `"${subscription.title}" is being sent now.` });
      // The delivery's outcome shows once the job is done.
      setTimeout(() => void refresh(), 3000);
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (subscription: ReportSubscription) => deleteSubscription(subscription.id),
    onSuccess: () => {
      setDeleting(undefined);
      void refresh();
    },
  });

  const subscriptions = list.data?.pages.flatMap((page) => page.subscriptions) ?? [];
  return (
    <Paper p="md" withBorder radius="md" component="section" aria-label="Report subscriptions">
      <Title order={4} mb="sm">
        Report subscriptions
      </Title>
      {list.error ? <QueryErrorAlert error={list.error} /> : null}
      {list.data && subscriptions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No subscription yet: "Subscribe" on an analysis or a saved view mails it to you and your colleagues.
        </Text>
      ) : null}
      {subscriptions.length > 0 ? (
        <SubscriptionsTable
          subscriptions={subscriptions}
          actions={(subscription) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Tooltip label="Send now">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Send ${subscription.title} now`}
                  onClick={() => sendNow.mutate(subscription)}
                  loading={sendNow.isPending && sendNow.variables?.id === subscription.id}
                >
                  <IconSend size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={subscription.paused ? "Resume" : "Pause"}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${subscription.paused ? "Resume" : "Pause"} ${subscription.title}`}
                  onClick={() => pause.mutate(subscription)}
                >
                  {subscription.paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Edit">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Edit ${subscription.title}`}
                  onClick={() => setEditing(subscription)}
                >
                  <IconEdit size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${subscription.title}`}
                  onClick={() => setDeleting(subscription)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        />
      ) : null}
      <ShowMore list={list} />
      <SubscribeDialog
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        editing={editing}
        userId={userId}
      />
      <ConfirmModal
        opened={deleting !== undefined}
        title="Delete this subscription?"
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(undefined)}
      >
        <Text size="sm">"{deleting?.title}" will no longer be sent to anyone.</Text>
      </ConfirmModal>
    </Paper>
  );
}
