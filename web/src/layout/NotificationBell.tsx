import { ActionIcon, CloseButton, Group, Indicator, Popover, ScrollArea, Stack, Text } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../api/errors.ts";
import { deleteNotification, fetchNotificationPage } from "../api/notifications.ts";
import { ShowMore } from "../components/ShowMore.tsx";
import { useLiveKind } from "../live/LiveChannel.tsx";
import { liveStore, useLiveItems } from "../live/liveStore.ts";
import { statusColor } from "../live/toastStyle.ts";

/**
 * The bell: the session's stored notifications (from its detail answer) and those pushed on the live
 * channel since. Each can be dismissed, which deletes it on the server
 * (DELETE /api/management/{customer|admin}/notification/ {id}).
 */
export function NotificationBell() {
  const kind = useLiveKind();
  const items = useLiveItems("notification");
  const [failure, setFailure] = useState<string>();
  const total = items.length;
  const older = useOlderNotifications(kind);

  const dismiss = async (id: string) => {
    if (!kind) return;
    setFailure(undefined);
    try {
      await deleteNotification(kind, id);
      liveStore.remove(id);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  // The popover's target is the button itself: on the Indicator's div, Mantine's aria-haspopup and
  // aria-expanded land on an element that may not carry them (axe: aria-allowed-attr).
  return (
    <Indicator disabled={total === 0} label={total} size={16} offset={4}>
      <Popover position="bottom-end" shadow="md" width={320}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={total === 0 ? "Notifications" : `Notifications (${total})`}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          {items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {total === 0 ? "No notifications." : `${total} notification${total === 1 ? "" : "s"}.`}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={360}>
              <Stack gap="xs">
                {items.map((item) => (
                  <Group key={item.id} justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2}>
                      <Text size="sm" c={statusColor(item.status) === "red" ? "red" : undefined}>
                        {item.message}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {new Date(item.emit_on).toLocaleString()}
                      </Text>
                    </Stack>
                    {kind ? (
                      <CloseButton
                        size="sm"
                        aria-label={`Dismiss ${item.message}`}
                        onClick={() => void dismiss(item.id)}
                      />
                    ) : null}
                  </Group>
                ))}
                {failure ? (
                  <Text size="xs" c="red">
                    {failure}
                  </Text>
                ) : null}
                {kind ? <ShowMore list={older} /> : null}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

/**
 * The older notifications, a page at a time (GET .../notification/?type=notification), added to the
 * bell's store: the session detail carries only the newest. Until a first page is read there may be
 * more, so "Show more" shows; then while a page follows.
 */
function useOlderNotifications(kind: "client" | "admin" | undefined) {
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [fetching, setFetching] = useState(false);
  return {
    hasNextPage: cursor !== null,
    isFetchingNextPage: fetching,
    fetchNextPage: async () => {
      if (!kind || cursor === null) return;
      setFetching(true);
      try {
        const page = await fetchNotificationPage(kind, cursor);
        for (const item of page.items) liveStore.upsert(item);
        setCursor(page.next_cursor);
      } finally {
        setFetching(false);
      }
    },
  };
}
