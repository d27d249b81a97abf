import { ActionIcon, Button, Group, Paper, Table, Text, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconTrash, IconUserPlus } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type Agent, addAgent, removeAgent } from "../../api/agents.ts";
import type { AdminDetail } from "../../api/answers.ts";
import { AuditTrailPanel } from "../../audit/AuditTrailPanel.tsx";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { type Session, sessionKeys } from "../../session/queries.ts";
import { useAdminDetail } from "../../session/useSessions.ts";
import { ConfirmModal } from "../shared/ConfirmModal.tsx";
import { AgentFormModal } from "./AgentFormModal.tsx";

/** Long addresses break inside the cell, so the Action column stays in view on a phone. */
const WRAP_ANYWHERE = { overflowWrap: "anywhere" } as const;

/**
 * Parameters (admin-area.md section 2): the agents table (Name, Email, Action), the new-agent
 * dialog and a remove button per row. The list is the staff detail's `agents`; both calls answer the
 * updated list, which replaces it there, so the table shows what the server holds.
 */
export function ParametersScreen() {
  const agents = useAdminDetail()?.agents ?? [];
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Agent>();

  const showList = (list: Agent[]) =>
    queryClient.setQueryData<Session<AdminDetail>>(sessionKeys.admin, (session) =>
      session?.logged ? { logged: true, detail: { ...session.detail, agents: list } } : session,
    );
  const add = useMutation({
    mutationFn: addAgent,
    onSuccess: ({ agent, agents: list }) => {
      showList(list);
      setAdding(false);
      notifications.show({ color: "green", message: `${agent.username} (${agent.email}) is added.` });
    },
  });
  const remove = useMutation({
    mutationFn: (agent: Agent) => removeAgent(agent.email),
    onSuccess: ({ agents: list }, agent) => {
      showList(list);
      setRemoving(undefined);
      notifications.show({ color: "green", message: `${agent.username} is removed.` });
    },
  });

  const openAdd = () => {
    add.reset();
    setAdding(true);
  };
  const closeRemove = () => {
    remove.reset();
    setRemoving(undefined);
  };

  return (
    <>
      <ScreenTitle title="Parameters" subtitle="Agents read the back office; they cannot change it." />
      <Paper p="md">
        <Group justify="space-between" mb="sm">
          <Text fw={600}>Agents</Text>
          <Button size="xs" variant="light" leftSection={<IconUserPlus size={14} />} onClick={openAdd}>
            Add agent
          </Button>
        </Group>
        {agents.length === 0 ? (
          <Text size="sm" c="dimmed">
            You need to add at least one user
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table striped verticalSpacing={6} aria-label="Agents">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th ta="right">Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {agents.map((agent) => (
                  <Table.Tr key={agent.email}>
                    <Table.Td>{agent.username}</Table.Td>
                    <Table.Td style={WRAP_ANYWHERE}>{agent.email}</Table.Td>
                    <Table.Td ta="right">
                      <Tooltip label="Remove">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${agent.username}`}
                          onClick={() => setRemoving(agent)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <AgentFormModal
        opened={adding}
        pending={add.isPending}
        error={add.error}
        onSubmit={(values) => add.mutate(values)}
        onClose={() => setAdding(false)}
      />
      <ConfirmModal
        opened={removing !== undefined}
        title={`Remove ${removing?.username ?? ""}`}
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={closeRemove}
      >
        {`${removing?.username ?? ""} (${removing?.email ?? ""}) can no longer sign in; their open sessions end now.`}
      </ConfirmModal>
      {/* The writes of no organisation: staff accounts and sign-ins, site texts, help centre, market files. */}
      <AuditTrailPanel organisationId="site" title="Site audit trail" />
    </>
  );
}
