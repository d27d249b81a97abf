import { AppShell, Container } from "@mantine/core";
import { Outlet } from "@tanstack/react-router";
import { LiveChannel } from "../live/LiveChannel.tsx";
import { useCustomerDetail } from "../session/useSessions.ts";
import { ClientHeader } from "./ClientHeader.tsx";

/** Height of the two-row customer bar (56 + 44 + border). */
export const CLIENT_HEADER_HEIGHT = 101;

/** The signed-in customer's frame: the bar on top, the current screen below. */
export function ClientShell() {
  const detail = useCustomerDetail();
  // Only during a sign-out: the guard redirects right after.
  if (!detail) return null;
  return (
    <LiveChannel
      channelId={detail.profile.channel_id}
      kind="client"
      stored={[...(detail.profile.notifications ?? []), ...(detail.profile.background_tasks ?? [])]}
    >
      <AppShell header={{ height: CLIENT_HEADER_HEIGHT }} padding={0}>
        <AppShell.Header withBorder={false}>
          <ClientHeader detail={detail} />
        </AppShell.Header>
        <AppShell.Main bg="gray.0">
          <Container size="xl" py="xl">
            <Outlet />
          </Container>
        </AppShell.Main>
      </AppShell>
    </LiveChannel>
  );
}
