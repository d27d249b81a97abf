import { ActionIcon, Alert, Button, Group, Paper, Switch, Table, Text, Tooltip } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { nextFaqFlags } from "../../../../server/content/faqFlags.ts";
import { errorMessage } from "../../api/errors.ts";
import {
  addFaq,
  asOnePage,
  type Faq,
  helpcenterKey,
  helpcenterQuery,
  removeFaq,
  updateFaq,
  withAdded,
} from "../../api/helpcenter.ts";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { ShowMore } from "../../components/ShowMore.tsx";
import { PendingScreen } from "../../components/StatusScreens.tsx";
import { mayCall } from "../../session/permissions.ts";
import { useAdminDetail } from "../../session/useSessions.ts";
import { ConfirmModal } from "../shared/ConfirmModal.tsx";
import { QueryErrorAlert } from "../shared/QueryErrorAlert.tsx";
import { faqFields } from "./faqForm.ts";
import { NewFaqDialog } from "./NewFaqDialog.tsx";

/**
 * Helpcenter (admin-area.md sections 2 and 4): the FAQ table with Question, Answer, Promote, Active
 * and Action; 'Add new faq' opens the 'New FAQ' dialog; each toggle is saved at once, with the flag
 * rule (active off forces promote off, promote on forces active on) applied before the call, as the
 * server applies it again. Agents read only.
 */
export function HelpcenterScreen() {
  const detail = useAdminDetail();
  const canEdit = mayCall(detail, "POST /api/management/helpcenter");
  const queryClient = useQueryClient();
  const faqs = useInfiniteQuery(helpcenterQuery());
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Faq>();

  // A change answers the whole list: it replaces the pages read.
  const replaceList = (list: Faq[]) => queryClient.setQueryData(helpcenterKey, asOnePage(list));
  const add = useMutation({
    mutationFn: addFaq,
    onSuccess: (faq) => {
      queryClient.setQueryData(helpcenterKey, (pages: Parameters<typeof withAdded>[0]) =>
        withAdded(pages, faq),
      );
      setAdding(false);
    },
  });
  const update = useMutation({ mutationFn: updateFaq, onSuccess: replaceList });
  const remove = useMutation({
    mutationFn: (faq: Faq) => removeFaq(faq.id),
    onSuccess: (list) => {
      replaceList(list);
      setDeleting(undefined);
    },
  });

  const toggle = (faq: Faq, flag: "promote" | "active", on: boolean) => {
    const flags = nextFaqFlags(faq, { promote: faq.promote, active: faq.active, [flag]: on });
    update.mutate({ ...faq, ...flags });
  };
  const saving = (faq: Faq) => update.isPending && update.variables?.id === faq.id;

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <ScreenTitle title="Helpcenter" subtitle="The questions customers read in their Help Center." />
        {canEdit ? (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              add.reset();
              setAdding(true);
            }}
          >
            Add new faq
          </Button>
        ) : null}
      </Group>
      {update.isError ? (
        <Alert color="red" variant="light" mb="md" withCloseButton onClose={() => update.reset()}>
          The change was not saved: {errorMessage(update.error)}
        </Alert>
      ) : null}
      {faqs.isPending ? <PendingScreen /> : null}
      {faqs.isError ? <QueryErrorAlert error={faqs.error} /> : null}
      {faqs.data ? (
        <Paper p={0}>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="FAQ">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="28%">Question</Table.Th>
                  <Table.Th>Answer</Table.Th>
                  <Table.Th w={90}>Promote</Table.Th>
                  <Table.Th w={90}>Active</Table.Th>
                  <Table.Th w={80} ta="right">
                    Action
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {faqs.data.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" size="sm" ta="center" py="md">
                        No question yet.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {faqs.data.map((faq) => (
                  <Table.Tr key={faq.id}>
                    <Table.Td fw={600}>{faq.question}</Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: "pre-line" }} lineClamp={4}>
                        {faq.answer}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`Promote: ${faq.question}`}
                        checked={faq.promote}
                        disabled={!canEdit || saving(faq)}
                        onChange={(event) => toggle(faq, "promote", event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`Active: ${faq.question}`}
                        checked={faq.active}
                        disabled={!canEdit || saving(faq)}
                        onChange={(event) => toggle(faq, "active", event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        {canEdit ? (
                          <Tooltip label="Delete">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Delete: ${faq.question}`}
                              onClick={() => {
                                remove.reset();
                                setDeleting(faq);
                              }}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ShowMore list={faqs} />
        </Paper>
      ) : null}

      <NewFaqDialog
        opened={adding}
        fields={faqFields(detail?.forms)}
        pending={add.isPending}
        error={add.error}
        onSubmit={(values) => add.mutate(values)}
        onClose={() => setAdding(false)}
      />
      <ConfirmModal
        opened={deleting !== undefined}
        title="Delete question"
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(undefined)}
      >
        {`Validate the deletion of '${deleting?.question ?? ""}'`}
      </ConfirmModal>
    </>
  );
}
