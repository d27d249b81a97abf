import { Progress, Stack, Text } from "@mantine/core";
import { notifications, notificationsStore } from "@mantine/notifications";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useRef } from "react";
import { adminKeys } from "../admin/queries.ts";
import { keysOfChange } from "./changeKeys.ts";
import { type LiveMessage, openLiveChannel } from "./liveSocket.ts";
import { type LiveItem, liveStore } from "./liveStore.ts";
import { applyEvent, type LiveEvent } from "./paths.ts";
import { toastCloser } from "./toastCloser.ts";
import { isRunning, statusColor, TOAST_MS } from "./toastStyle.ts";

/** Which area's notification calls this session uses (the bell deletes through it). */
export const LiveKindContext = createContext<"client" | "admin" | undefined>(undefined);
export const useLiveKind = () => useContext(LiveKindContext);

/**
 * The session's live channel (admin-area.md sections 4 and 7): one websocket per signed-in session,
 * mounted by the shell. Tasks and notifications go to the live store and show a toast for 5 seconds
 * coloured by status; `event` messages patch the open back-office answers they are about; `changed`
 * messages re-read every query that shows the change (changeKeys.ts).
 */
export function LiveChannel({
  channelId,
  kind,
  stored = [],
  children,
}: {
  channelId: string;
  kind: "client" | "admin";
  /** Tasks and notifications the session detail carried (kept until deleted), shown without toasts. */
  stored?: LiveItem[];
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  // Read when the channel opens, not on every refetch of the detail (which would bring back a
  // dismissed item).
  const storedAtOpen = useRef(stored);
  storedAtOpen.current = stored;
  useEffect(() => {
    for (const item of storedAtOpen.current) liveStore.upsert(item);
    const connection = openLiveChannel(channelId, (message) => handleMessage(queryClient, message));
    return () => {
      connection.close();
      liveStore.clear();
    };
  }, [channelId, queryClient]);
  return <LiveKindContext.Provider value={kind}>{children}</LiveKindContext.Provider>;
}

function handleMessage(queryClient: QueryClient, message: LiveMessage) {
  if (message.type === "event") {
    patchOpenAnswers(queryClient, message);
    return;
  }
  if (message.type === "changed") {
    for (const queryKey of keysOfChange(message)) void queryClient.invalidateQueries({ queryKey });
    return;
  }
  const item: LiveItem = {
    id: message.id,
    type: message.type,
    message: message.message,
    emit_on: message.emit_on,
    progress: message.progress,
    status: message.status,
    org: message.org,
  };
  liveStore.upsert(item);
  showToast(item);
  // A finished task changed what the back office shows (a validation result, a generated scheme):
  // re-read it, in case no event described the change.
  if (item.type === "task" && !isRunning(item)) {
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  }
}

/** Patches every cached back-office answer the event is about, then re-reads them in the background. */
function patchOpenAnswers(queryClient: QueryClient, event: LiveEvent) {
  for (const [key, data] of queryClient.getQueriesData({ queryKey: adminKeys.all })) {
    if (data === undefined) continue;
    const patched = applyEvent(data, event);
    if (patched !== data) queryClient.setQueryData(key, patched);
  }
  void queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

const toastId = (item: LiveItem) => `live-${item.id}`;
/** Every message of a toast restarts its 5 s (Mantine's autoClose counts from the first one). */
const closeLater = toastCloser((id) => notifications.hide(id), TOAST_MS);

function showToast(item: LiveItem) {
  const running = item.type === "task" && isRunning(item);
  const toast = {
    id: toastId(item),
    color: statusColor(item.status),
    title: item.type === "task" ? "Task" : "Notification",
    autoClose: false as const,
    "data-testid": "live-toast",
    message: (
      <Stack gap={6}>
        <Text size="sm">{item.message}</Text>
        {item.type === "task" ? (
          <Progress
            value={item.progress}
            color={statusColor(item.status)}
            size="sm"
            animated={running}
            aria-label={`${item.message}: ${item.progress}%`}
          />
        ) : null}
      </Stack>
    ),
  };
  const shown = notificationsStore.getState().notifications.some((toast) => toast.id === toastId(item));
  if (shown) notifications.update(toast);
  else notifications.show(toast);
  closeLater(toast.id);
}
