import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconEye, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { createOrganization, deleteOrganization, initialiseYear } from "../../api/adminOrganisations.ts";
import type { CustomerListItem } from "../../api/answers.ts";
import { errorMessage } from "../../api/errors.ts";
import { PhoneOrWide } from "../../components/PhoneOrWide.tsx";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { PendingScreen } from "../../components/StatusScreens.tsx";
import { mayCall } from "../../session/permissions.ts";
import { useAdminDetail } from "../../session/useSessions.ts";
import { adminKeys, customersQuery } from "../queries.ts";
import { ConfirmModal } from "../shared/ConfirmModal.tsx";
import { OrganizationFormModal } from "../shared/OrganizationFormModal.tsx";
import { QueryErrorAlert } from "../shared/QueryErrorAlert.tsx";
import { YearProgressBar } from "../shared/YearProgress.tsx";

/**
 * The customers list (admin-area.md section 2): Name, Address, Users, Status, Main Tasks, Actions.
 * Agents cannot add or delete; a row opens the customer only for site admins; the eye opens the
 * dummy view of an initialized customer.
 */
export function CustomersScreen() {
  const admin = useAdminDetail();
  const isSiteAdmin = admin?.profile.is_admin ?? false;
  const mayAdd = mayCall(admin, "POST /api/management/customer/organization");
  const mayDelete = mayCall(admin, "DELETE /api/management/admin/delete-organization");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const customers = useQuery(customersQuery());
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CustomerListItem>();

  const create = useMutation({
    mutationFn: createOrganization,
    onSuccess: async () => {
      setAdding(false);
      await queryClient.invalidateQueries({ queryKey: adminKeys.customers });
    },
  });
  const remove = useMutation({
    mutationFn: (customer: CustomerListItem) => deleteOrganization(customer.id),
    onSuccess: async () => {
      setDeleting(undefined);
      await queryClient.invalidateQueries({ queryKey: adminKeys.customers });
    },
  });

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <ScreenTitle title="Customers" subtitle="Organisations, their users and the progress of each year." />
        {mayAdd ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add customer
          </Button>
        ) : null}
      </Group>
      {customers.isPending ? <PendingScreen /> : null}
      {customers.isError ? <QueryErrorAlert error={customers.error} /> : null}
      {customers.data ? (
        <PhoneOrWide
          phone={
            <CustomerCards
              customers={customers.data}
              canOpen={isSiteAdmin}
              onOpen={(customer) =>
                void navigate({ to: "/administration/customers/$id", params: { id: customer.id } })
              }
              mayDelete={mayDelete}
              onDelete={(customer) => {
                remove.reset();
                setDeleting(customer);
              }}
            />
          }
          wide={
            <Paper p={0}>
              <Table.ScrollContainer minWidth={900}>
                <Table highlightOnHover={isSiteAdmin} verticalSpacing="sm" horizontalSpacing="md">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Address</Table.Th>
                      <Table.Th>Users</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Main Tasks</Table.Th>
                      <Table.Th ta="right">Actions</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {customers.data.length === 0 ? (
                      <Table.Tr>
                        <Table.Td colSpan={6}>
                          <Text c="dimmed" size="sm" ta="center" py="md">
                            No customer yet.
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                    {customers.data.map((customer) => (
                      <Table.Tr
                        key={customer.id}
                        style={isSiteAdmin ? { cursor: "pointer" } : undefined}
                        onClick={
                          isSiteAdmin
                            ? () =>
                                void navigate({
                                  to: "/administration/customers/$id",
                                  params: { id: customer.id },
                                })
                            : undefined
                        }
                      >
                        <Table.Td fw={600}>{customer.name}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{customer.full_address || "—"}</Text>
                        </Table.Td>
                        <Table.Td>{usersOf(customer)}</Table.Td>
                        <Table.Td>
                          <StatusBadge customer={customer} />
                        </Table.Td>
                        <Table.Td>
                          <MainTasks customer={customer} canAllow={isSiteAdmin} />
                        </Table.Td>
                        <Table.Td>
                          <CustomerActions
                            customer={customer}
                            mayDelete={mayDelete}
                            onDelete={() => {
                              remove.reset();
                              setDeleting(customer);
                            }}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          }
        />
      ) : null}

      <OrganizationFormModal
        opened={adding}
        title="New customer"
        onSubmit={(fields) => create.mutateAsync(fields)}
        onClose={() => {
          create.reset();
          setAdding(false);
        }}
      />
      <ConfirmModal
        opened={deleting !== undefined}
        title="Delete customer"
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(undefined)}
      >
        {`Validate the deletion of ${deleting?.name ?? ""}`}
      </ConfirmModal>
    </>
  );
}

const usersOf = (customer: CustomerListItem) =>
  Array.isArray(customer.users) ? customer.users.length : customer.users;

function StatusBadge({ customer }: { customer: CustomerListItem }) {
  return (
    <Badge color={customer.initialized ? "green" : "orange"} variant="light">
      {customer.status ?? (customer.initialized ? "ACTIVE" : "INITIALIZATION")}
    </Badge>
  );
}

/** The eye (the customer's view, once initialized) and Delete; neither opens the row. */
function CustomerActions({
  customer,
  mayDelete,
  onDelete,
}: {
  customer: CustomerListItem;
  mayDelete: boolean;
  onDelete: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {customer.initialized ? (
        <Tooltip label="Open the customer's view">
          <ActionIcon
            variant="subtle"
            aria-label={`View ${customer.name} as the customer`}
            onClick={(event) => {
              event.stopPropagation();
              void navigate({ to: "/dummy/$orgId", params: { orgId: customer.id } });
            }}
          >
            <IconEye size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {mayDelete ? (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${customer.name}`}
            onClick={(event) => {
              event.stopPropagation();
              onDelete();
            }}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/**
 * The list on a phone: a card per customer with everything the table's columns hold on screen
 * (the table scrolled sideways and hid Status, Main Tasks and Actions). Site admins open a
 * customer by its name.
 */
function CustomerCards({
  customers,
  canOpen,
  onOpen,
  mayDelete,
  onDelete,
}: {
  customers: CustomerListItem[];
  canOpen: boolean;
  onOpen: (customer: CustomerListItem) => void;
  mayDelete: boolean;
  onDelete: (customer: CustomerListItem) => void;
}) {
  if (customers.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="md">
        No customer yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {customers.map((customer) => (
        <Paper key={customer.id} p="sm" withBorder data-customer-card={customer.name}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              {canOpen ? (
                <Anchor component="button" type="button" fw={600} ta="left" onClick={() => onOpen(customer)}>
                  {customer.name}
                </Anchor>
              ) : (
                <Text fw={600}>{customer.name}</Text>
              )}
              <CustomerActions
                customer={customer}
                mayDelete={mayDelete}
                onDelete={() => onDelete(customer)}
              />
            </Group>
            <Text size="sm" c="dimmed">
              {customer.full_address || "—"}
            </Text>
            <Group gap="xs">
              <StatusBadge customer={customer} />
              <Text size="sm">
                {usersOf(customer)} {usersOf(customer) === 1 ? "user" : "users"}
              </Text>
            </Group>
            <MainTasks customer={customer} canAllow={canOpen} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * Each year's progress; at 100% a year not yet enabled shows 'Allow user' (site admins), which
 * enables it for the customer (the initialise-year call, as the overview's button; admin-area.md
 * section 2) and then says so in the server's words. The row click is not triggered by it.
 */
function MainTasks({ customer, canAllow }: { customer: CustomerListItem; canAllow: boolean }) {
  const queryClient = useQueryClient();
  const allow = useMutation({
    mutationFn: (year: number) => initialiseYear(customer.id, year),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.customers }),
  });
  const tasks =
    customer.main_tasks ??
    Object.entries(customer.progress ?? {}).map(([year, progress]) => ({
      year: Number(year),
      progress,
      enabled: customer.years?.includes(Number(year)) ?? false,
    }));
  if (tasks.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No year yet
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {tasks.map((task) => (
        <Group key={task.year} gap="xs" wrap="nowrap">
          <YearProgressBar year={task.year} percent={task.progress} width={110} />
          {canAllow && task.progress >= 100 && !task.enabled ? (
            <Button
              size="compact-xs"
              color="green"
              aria-label={`Allow user: enable ${task.year} for ${customer.name}`}
              loading={allow.isPending && allow.variables === task.year}
              onClick={(event) => {
                event.stopPropagation();
                allow.mutate(task.year);
              }}
            >
              Allow user
            </Button>
          ) : null}
        </Group>
      ))}
      {allow.error ? (
        <Text size="xs" c="red">
          {errorMessage(allow.error)}
        </Text>
      ) : allow.data?.detail ? (
        // The button goes once the year is enabled: the server's words say what the click did.
        <Text size="xs" c="green.8" role="status">
          {allow.data.detail}
        </Text>
      ) : null}
    </Stack>
  );
}
