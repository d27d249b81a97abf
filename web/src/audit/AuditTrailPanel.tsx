import { Anchor, Button, Code, Group, Paper, Table, Text, TextInput, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { QueryErrorAlert } from "../admin/shared/QueryErrorAlert.tsx";
import {
  type AuditEvent,
  type AuditFilters,
  auditExportUrl,
  auditTrailBase,
  auditTrailQuery,
} from "../api/auditTrail.ts";

const who = (event: AuditEvent) =>
  event.actor.kind === "system" ? "System" : (event.actor.name ?? event.actor.kind);

/** The values a write changed, shortly: before -> after (JSON). */
function changeOf(event: AuditEvent) {
  const text = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));
  const before = text(event.before);
  const after = text(event.after);
  if (!before && !after) return null;
  return (
    <Code block style={{ whiteSpace: "pre-wrap", maxWidth: 420 }}>
      {before ? `before: ${before}\n` : ""}
      {after ? `after: ${after}` : ""}
    </Code>
  );
}

/**
 * An organisation's audit trail (docs/operations.md): every write with who, when, what and the
 * values, newest first, with filters (days, actor, action), older pages on demand and a CSV export
 * of what the filters keep. The back office names the organisation; a customer admin reads its own.
 */
export function AuditTrailPanel({
  organisationId,
  title = "Audit trail",
}: {
  /** An organisation's id, or `site` for the writes of no organisation; none: the customer's own. */
  organisationId?: string;
  title?: string;
}) {
  const base = auditTrailBase(organisationId);
  const [draft, setDraft] = useState<AuditFilters>({});
  const [filters, setFilters] = useState<AuditFilters>({});
  const trail = useInfiniteQuery(auditTrailQuery(base, filters));
  const events = trail.data?.pages.flatMap((page) => page.events) ?? [];
  const field = (name: keyof AuditFilters) => ({
    value: draft[name] ?? "",
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setDraft({ ...draft, [name]: event.currentTarget.value }),
  });
  return (
    <Paper p="md" withBorder radius="md" component="section" aria-label={title} mt="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{title}</Title>
        <Anchor href={auditExportUrl(base, filters)} download size="sm">
          <Group gap={4}>
            <IconDownload size={16} /> Export CSV
          </Group>
        </Anchor>
      </Group>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
        }}
      >
        <Group align="flex-end" gap="sm" mb="sm" wrap="wrap">
          <TextInput label="From" type="date" {...field("from")} />
          <TextInput label="To" type="date" {...field("to")} />
          <TextInput label="Who" placeholder="e-mail, name or role" maxLength={200} {...field("actor")} />
          <TextInput
            label="Action"
            placeholder="e.g. user or user.update"
            maxLength={100}
            {...field("action")}
          />
          <Button type="submit" variant="light">
            Filter
          </Button>
        </Group>
      </form>
      {trail.error ? <QueryErrorAlert error={trail.error} /> : null}
      {trail.data && events.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing recorded for these filters.
        </Text>
      ) : null}
      {events.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Audit events">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>Values</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td>{new Date(event.at).toLocaleString()}</Table.Td>
                  <Table.Td>
                    {who(event)}
                    <Text size="xs" c="dimmed">
                      {event.actor.role}
                    </Text>
                  </Table.Td>
                  <Table.Td>{event.action}</Table.Td>
                  <Table.Td>
                    {event.target.kind}
                    {event.target.id ? (
                      <Text size="xs" c="dimmed">
                        {event.target.id}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{changeOf(event)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {trail.hasNextPage ? (
        <Button
          mt="sm"
          variant="subtle"
          loading={trail.isFetchingNextPage}
          onClick={() => void trail.fetchNextPage()}
        >
          Show older
        </Button>
      ) : null}
    </Paper>
  );
}
