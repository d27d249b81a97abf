import { ActionIcon, Indicator, Popover, Progress, ScrollArea, Stack, Text, Tooltip } from "@mantine/core";
import { IconListCheck } from "@tabler/icons-react";
import { useLiveItems } from "../live/liveStore.ts";
import { isRunning, statusColor } from "../live/toastStyle.ts";

/** Staff background tasks (validations, generators) with their progress, as the live channel reports them. */
export function TasksPopover() {
  const tasks = useLiveItems("task");
  const running = tasks.filter(isRunning).length;
  return (
    <Popover position="bottom-end" shadow="md" width={320}>
      <Popover.Target>
        <Tooltip label="Tasks">
          <Indicator disabled={running === 0} label={running} size={16} offset={4}>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Tasks">
              <IconListCheck size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        {tasks.length === 0 ? (
          <Text size="sm" c="dimmed">
            No running tasks.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap="sm" aria-label="Tasks list">
              {tasks.map((task) => (
                <Stack key={task.id} gap={4}>
                  <Text size="sm">{task.message}</Text>
                  <Progress
                    value={task.progress}
                    color={statusColor(task.status)}
                    animated={isRunning(task)}
                    aria-label={`${task.message}: ${task.progress}%`}
                  />
                  <Text size="xs" c="dimmed">
                    {task.progress}% · {new Date(task.emit_on).toLocaleString()}
                  </Text>
                </Stack>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
