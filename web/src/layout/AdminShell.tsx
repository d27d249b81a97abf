import { AppShell, Container } from "@mantine/core";
import { Outlet } from "@tanstack/react-router";
import { LiveChannel } from "../live/LiveChannel.tsx";
import { useAdminDetail } from "../session/useSessions.ts";
import { AdminHeader } from "./AdminHeader.tsx";

export function AdminShell() {
  const detail = useAdminDetail();
  // Only during a sign-out: the guard redirects right after.
  if (!detail) return null;
  return (
    <LiveChannel
      channelId={detail.profile.channel_id}
      kind="admin"
      stored={[...(detail.profile.notifications ?? []), ...(detail.profile.background_tasks ?? [])]}
    >
      <AppShell header={{ height: 57 }} padding={0}>
        <AppShell.Header withBorder={false}>
          <AdminHeader detail={detail} />
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
