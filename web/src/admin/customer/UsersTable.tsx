import { ActionIcon, Badge, Box, Button, Group, Paper, Stack, Table, Text, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconEdit, IconLock, IconLockOpen, IconUserPlus } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import type { AdminOrganization, CustomerUser } from "../../api/answers.ts";
import { errorMessage } from "../../api/errors.ts";
import sticky from "../../components/StickyActions.module.css";
import { ConfirmModal } from "../shared/ConfirmModal.tsx";
import { TablePanel } from "./PeopleTables.tsx";
import type { UserFormMode } from "./UserFormModal.tsx";
import { addUserBlocker } from "./userLimits.ts";
import { useAddUser, useUpdateUser } from "./userMutations.ts";

// The user form (its zod rules, ~21 kB gzipped, @mantine/form, the radio group) loads when staff
// first add or edit a user, not with the customer overview's first paint.
const UserFormModal = lazy(() => import("./UserFormModal.tsx").then((m) => ({ default: m.UserFormModal })));

/** Whether the user may sign in: Active, or Blocked by staff. */
function AccessBadge({ user }: { user: CustomerUser }) {
  return (
    <Badge size="sm" variant="light" color={user.blocked ? "red" : "green"}>
      {user.blocked ? "Blocked" : "Active"}
    </Badge>
  );
}

/**
 * The customer's users (at most 3): the first is its admin, later ones assistants. Site admins add
 * (userRules.canAddUser), edit, block and unblock them; agents read the table without actions, as
 * everywhere in the back office (the server refuses agents these calls too). A table from the
 * small breakpoint up; on a phone, one card per user, its email whole and its actions in reach (the
 * table scrolled sideways under its sticky actions and cut the email).
 */
export function UsersTable({
  organization,
  canEdit,
}: {
  /** The back office's organisation, or the customer's own (its profile shows the same table). */
  organization: Pick<AdminOrganization, "id" | "users" | "initialized">;
  canEdit: boolean;
}) {
  const users = organization.users;
  const [form, setForm] = useState<UserFormMode>();
  // Stays mounted once opened, so that closing it plays the modal's exit transition.
  const [formUsed, setFormUsed] = useState(false);
  if (form && !formUsed) setFormUsed(true);
  const [blocking, setBlocking] = useState<CustomerUser>();
  const add = useAddUser(organization.id);
  const edit = useUpdateUser();
  const access = useUpdateUser();
  const formMutation = form?.kind === "edit" ? edit : add;

  const closeForm = () => {
    add.reset();
    edit.reset();
    setForm(undefined);
  };
  const closeBlock = () => {
    access.reset();
    setBlocking(undefined);
  };
  const unblock = (user: CustomerUser) =>
    access.mutate(
      { id: user.id, blocked: false },
      { onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }) },
    );

  /** Edit, and block or unblock: in the table's last column, or at the foot of a phone's card. */
  const actionsOf = (user: CustomerUser) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="Edit">
        <ActionIcon
          variant="subtle"
          aria-label={`Edit ${user.username}`}
          onClick={() => setForm({ kind: "edit", user })}
        >
          <IconEdit size={16} />
        </ActionIcon>
      </Tooltip>
      {user.blocked ? (
        <Tooltip label="Unblock">
          <ActionIcon
            variant="subtle"
            color="green"
            aria-label={`Unblock ${user.username}`}
            loading={access.isPending && access.variables?.id === user.id}
            onClick={() => unblock(user)}
          >
            <IconLockOpen size={16} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Tooltip label="Block">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Block ${user.username}`}
            onClick={() => {
              access.reset();
              setBlocking(user);
            }}
          >
            <IconLock size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );

  const blocker = addUserBlocker(users.length, organization.initialized);
  let addControl: ReactNode = null;
  if (canEdit && blocker) {
    addControl = (
      <Text size="xs" c="dimmed">
        {blocker}
      </Text>
    );
  } else if (canEdit) {
    addControl = (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconUserPlus size={14} />}
        onClick={() => setForm({ kind: "add", userCount: users.length })}
      >
        Add user
      </Button>
    );
  }

  return (
    <>
      <TablePanel
        title="Users"
        empty={users.length === 0}
        emptyText="You need to add at least one user"
        action={addControl}
        phone={
          <Stack gap="xs">
            {users.map((user) => (
              <Paper key={user.id} withBorder p="sm" data-user-card={user.id}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Box miw={0}>
                    <Text size="sm" fw={500}>
                      {user.username}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {user.email}
                    </Text>
                    <Group gap="xs" mt={4}>
                      <Text size="xs" c="dimmed">
                        {user.status}
                      </Text>
                      <AccessBadge user={user} />
                    </Group>
                  </Box>
                  {canEdit ? actionsOf(user) : null}
                </Group>
              </Paper>
            ))}
          </Stack>
        }
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Access</Table.Th>
            {canEdit ? (
              <Table.Th ta="right" className={sticky.cell}>
                Actions
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{user.username}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{user.status}</Table.Td>
              <Table.Td>
                <AccessBadge user={user} />
              </Table.Td>
              {canEdit ? <Table.Td className={sticky.cell}>{actionsOf(user)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TablePanel>
      {canEdit ? (
        <>
          <Suspense fallback={null}>
            {formUsed ? (
              <UserFormModal
                opened={form !== undefined}
                mode={form ?? { kind: "add", userCount: users.length }}
                pending={formMutation.isPending}
                error={formMutation.error}
                onSubmit={(values) => {
                  const onSuccess = () => setForm(undefined);
                  if (form?.kind === "edit")
                    edit.mutate({ id: form.user.id, username: values.username }, { onSuccess });
                  else add.mutate(values, { onSuccess });
                }}
                onClose={closeForm}
              />
            ) : null}
          </Suspense>
          <ConfirmModal
            opened={blocking !== undefined}
            title={`Block ${blocking?.username ?? ""}`}
            confirmLabel="Block"
            pending={access.isPending}
            error={access.error}
            onConfirm={() => {
              if (blocking) access.mutate({ id: blocking.id, blocked: true }, { onSuccess: closeBlock });
            }}
            onClose={closeBlock}
          >
            {`${blocking?.username ?? ""} (${blocking?.email ?? ""}) can no longer sign in, and their open sessions end now. You can unblock them later.`}
          </ConfirmModal>
        </>
      ) : null}
    </>
  );
}
