import { Badge, List, Stack, Table, Text, Title } from "@mantine/core";
import { detailSections, formatFieldName, inlineText, renderingOf } from "../detailFormat.ts";

/** One value as admin/detailFormat.ts decides: N/A tag, boolean tag, text, list or key: value pairs. */
export function DetailValue({ value }: { value: unknown }) {
  const rendering = renderingOf(value);
  switch (rendering.kind) {
    case "na":
      return (
        <Badge color="orange" variant="light" size="sm">
          N/A
        </Badge>
      );
    case "boolean":
      return (
        <Badge color={rendering.value ? "green" : "gray"} variant="light" size="sm">
          {rendering.value ? "true" : "false"}
        </Badge>
      );
    case "text":
      return <Text size="sm">{rendering.text}</Text>;
    case "list":
      return rendering.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          (empty)
        </Text>
      ) : (
        <List size="sm" spacing={0}>
          {rendering.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders.
            <List.Item key={index}>{inlineText(item)}</List.Item>
          ))}
        </List>
      );
    case "pairs":
      return (
        <Stack gap={0}>
          {rendering.pairs.map(([key, item]) => (
            <Text size="sm" key={key}>
              <Text span fw={600} size="sm">
                {key}
              </Text>
              : {inlineText(item)}
            </Text>
          ))}
        </Stack>
      );
  }
}

/** A scheme's stored result as 'Field name' / 'Value' tables, one per section. */
export function DetailTable({
  scheme,
  order,
}: {
  scheme: Record<string, unknown>;
  order?: readonly string[];
}) {
  const sections = detailSections(scheme, order);
  if (sections.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing stored yet.
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      {sections.map((section) => (
        <Stack key={section.title ?? "-"} gap={4}>
          {section.title ? <Title order={5}>{section.title}</Title> : null}
          <Table withTableBorder withColumnBorders verticalSpacing={4} layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="40%">Field name</Table.Th>
                <Table.Th>Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {section.rows.map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Td>
                    <Text size="sm">{formatFieldName(key)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <DetailValue value={value} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ))}
    </Stack>
  );
}
