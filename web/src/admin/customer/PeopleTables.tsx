import { Group, Paper, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { AdminOrganization } from "../../api/answers.ts";
import { PhoneOrWide } from "../../components/PhoneOrWide.tsx";

/** A titled table of the overview; `action` sits right of the title, `emptyText` replaces an empty table. */
export function TablePanel({
  title,
  children,
  empty,
  action,
  emptyText = "Waiting for the customer",
  phone,
}: {
  title: string;
  children: ReactNode;
  empty: boolean;
  action?: ReactNode;
  emptyText?: string;
  /** Shown instead of the table below the small breakpoint (one card per row, its actions in reach). */
  phone?: ReactNode;
}) {
  const table = (
    <Table.ScrollContainer minWidth={500}>
      <Table striped verticalSpacing={6} aria-label={title}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
  let content: ReactNode = table;
  if (empty)
    content = (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  else if (phone) content = <PhoneOrWide phone={phone} wide={table} />;
  return (
    <Paper p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{title}</Title>
        {action}
      </Group>
      {content}
    </Paper>
  );
}

export function FacilitiesTable({ organization }: { organization: AdminOrganization }) {
  return (
    <TablePanel title="Facilities" empty={organization.facilities.length === 0}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>NPI</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>Physical address</Table.Th>
          <Table.Th>Billing address</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {organization.facilities.map((facility) => (
          <Table.Tr key={facility.id}>
            <Table.Td>{facility.npi}</Table.Td>
            <Table.Td>{facility.name}</Table.Td>
            <Table.Td>{facility.physical_full_address || "—"}</Table.Td>
            <Table.Td>{facility.billing_full_address || "—"}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TablePanel>
  );
}

export function ProvidersTable({ organization }: { organization: AdminOrganization }) {
  return (
    <TablePanel title="Providers" empty={organization.providers.length === 0}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>NPI</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>Category</Table.Th>
          <Table.Th>Type</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {organization.providers.map((provider) => (
          <Table.Tr key={provider.id}>
            <Table.Td>{provider.npi}</Table.Td>
            <Table.Td>{provider.full_name}</Table.Td>
            <Table.Td>{provider.category ?? "—"}</Table.Td>
            <Table.Td>{provider.ptype ?? "—"}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TablePanel>
  );
}
