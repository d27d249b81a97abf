import { Badge, Paper, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { AdminOrganization } from "../../api/adminTypes.ts";

function TablePanel({ title, children, empty }: { title: string; children: ReactNode; empty: boolean }) {
  return (
    <Paper p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed">
          Waiting for the customer
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={500}>
          <Table striped verticalSpacing={6} aria-label={title}>
            {children}
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** The customer's users (at most 3): the first is its admin, later ones assistants. */
export function UsersTable({ organization }: { organization: AdminOrganization }) {
  return (
    <TablePanel title="Users" empty={organization.users.length === 0}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Email</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Access</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {organization.users.map((user) => (
          <Table.Tr key={user.id}>
            <Table.Td>{user.username}</Table.Td>
            <Table.Td>{user.email}</Table.Td>
            <Table.Td>{user.status}</Table.Td>
            <Table.Td>
              <Badge size="sm" variant="light" color={user.blocked ? "red" : "green"}>
                {user.blocked ? "Blocked" : "Active"}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TablePanel>
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
