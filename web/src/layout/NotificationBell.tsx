import { ActionIcon, Indicator, Popover, Text } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";

/**
 * The bell. Notifications arrive with the session detail now and by the live channel later; the
 * list itself belongs to that later work, so the popover shows only the count it knows.
 */
export function NotificationBell({ count }: { count: number }) {
  return (
    <Popover position="bottom-end" shadow="md" width={280}>
      <Popover.Target>
        <Indicator disabled={count === 0} label={count} size={16} offset={4}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notifications">
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" c="dimmed">
          {count === 0 ? "No notifications." : `${count} notification${count === 1 ? "" : "s"}.`}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
