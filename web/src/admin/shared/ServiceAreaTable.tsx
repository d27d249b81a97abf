import { ActionIcon, Badge, ScrollArea, Table, Text, Tooltip } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import type { ServiceAreaItem } from "../../api/answers.ts";
import { serviceAreaRowDisplay } from "../yearState.ts";

/**
 * A year's service area: Zipcode, Type, available ('to check', green or red), and Actions for staff
 * who may remove zips (no empty column for agents).
 */
export function ServiceAreaTable({
  items,
  onDelete,
  maxHeight = 320,
}: {
  items: ServiceAreaItem[];
  onDelete?: (item: ServiceAreaItem) => void;
  maxHeight?: number;
}) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        You need to add service area first
      </Text>
    );
  }
  return (
    // Focusable so a keyboard can scroll a long list (axe: scrollable-region-focusable).
    <ScrollArea.Autosize
      mah={maxHeight}
      viewportProps={{ tabIndex: 0, role: "region", "aria-label": "Service area zip codes" }}
    >
      <Table striped verticalSpacing={4} aria-label="Service area">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Zipcode</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>available</Table.Th>
            {onDelete ? <Table.Th ta="right">Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const state = serviceAreaRowDisplay(item);
            return (
              <Table.Tr key={item.zipcode}>
                <Table.Td>{item.zipcode}</Table.Td>
                <Table.Td>{item.type}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant={item.checked ? "filled" : "outline"} color={state.color}>
                    {state.label}
                  </Badge>
                </Table.Td>
                {onDelete ? (
                  <Table.Td ta="right">
                    <Tooltip label="Remove this zip">
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${item.zipcode}`}
                        onClick={() => onDelete(item)}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
