import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconCheck, IconMailForward, IconUsersPlus, IconX } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorMessage } from "../../api/errors.ts";
import {
  fetchMailbox,
  fetchOrganisationUsers,
  fetchUsersOf,
  mergedGroups,
  sendMailboxMail,
} from "../../api/mailbox.ts";
import { cursorPaging } from "../../api/pages.ts";
import { ScreenTitle } from "../../components/ScreenTitle.tsx";
import { ShowMore } from "../../components/ShowMore.tsx";
import { QueryErrorAlert } from "../shared/QueryErrorAlert.tsx";
import {
  canSend,
  emptyMail,
  MAILBOX_NOTICE_MS,
  type MailboxValues,
  recipientOptions,
} from "./mailboxForm.ts";

type Notice = { kind: "success" | "error"; text: string };

/**
 * The staff mailbox (admin-area.md sections 2, 4 and 7): a sender among the four, recipients among
 * the organisations' users (all of them, or one organisation's, with 'Add all listed'), subject and
 * message. Send stays disabled until all four are filled; the server's answer shows in a green or
 * red box for 5 seconds and the form is cleared either way (a failed send may have reached some
 * recipients already, so the same mail is not sent twice by accident).
 */
export function MailboxScreen() {
  // Both lists a page of users at a time (pages.ts); "Show more" under the recipients reads on.
  const mailbox = useInfiniteQuery({
    queryKey: ["admin", "mailbox"],
    queryFn: ({ pageParam }) => fetchMailbox(pageParam),
    ...cursorPaging,
  });
  const [organisationId, setOrganisationId] = useState<string | null>(null);
  const organisation = useInfiniteQuery({
    queryKey: ["admin", "mailbox", organisationId],
    queryFn: ({ pageParam }) => fetchOrganisationUsers(organisationId!, pageParam),
    ...cursorPaging,
    enabled: organisationId !== null,
  });
  const [values, setValues] = useState<MailboxValues>(emptyMail);
  const [notice, setNotice] = useState<Notice>();

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(undefined), MAILBOX_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const everyone = mergedGroups(mailbox.data?.pages);
  const listed = organisationId === null ? everyone : mergedGroups(organisation.data?.pages);
  const senders = mailbox.data?.pages[0]?.senders ?? [];
  const set = <Key extends keyof MailboxValues>(key: Key, value: MailboxValues[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const addAll = useMutation({
    mutationFn: () => fetchUsersOf(listed.map((group) => group.id)),
    onSuccess: ({ org_users }) =>
      setValues((current) => ({
        ...current,
        user_ids: [
          ...new Set([...current.user_ids, ...org_users.flatMap((group) => group.users.map((u) => u.id))]),
        ],
      })),
  });
  const send = useMutation({
    mutationFn: sendMailboxMail,
    onSuccess: ({ message }) => setNotice({ kind: "success", text: message }),
    onError: (error) => setNotice({ kind: "error", text: errorMessage(error) }),
    onSettled: () => setValues(emptyMail),
  });

  if (mailbox.error) {
    return (
      <>
        <ScreenTitle title="Mailbox" />
        <QueryErrorAlert error={mailbox.error} />
      </>
    );
  }

  return (
    <>
      <ScreenTitle
        title="Mailbox"
        subtitle="Write to the organisations' users: each recipient gets their own mail."
      />
      <Paper p="md" maw={900}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (canSend(values)) send.mutate(values);
          }}
        >
          <Stack gap="sm">
            {notice ? (
              <Alert
                color={notice.kind === "success" ? "green" : "red"}
                variant="light"
                role={notice.kind === "error" ? "alert" : "status"}
                icon={notice.kind === "success" ? <IconCheck /> : <IconX />}
              >
                {notice.text}
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Sender"
                withAsterisk
                placeholder="Choose a sender"
                data={senders.map((sender) => sender.value)}
                value={values.email_from || null}
                onChange={(value) => set("email_from", value ?? "")}
                allowDeselect={false}
              />
              <Select
                label="Organisation"
                placeholder="All organisations"
                clearable
                searchable
                data={everyone.map((group) => ({ value: group.id, label: group.name }))}
                value={organisationId}
                onChange={setOrganisationId}
              />
            </SimpleGrid>
            <MultiSelect
              label="Recipients"
              withAsterisk
              placeholder={values.user_ids.length === 0 ? "Choose the users to write to" : undefined}
              searchable
              clearable
              hidePickedOptions
              maxDropdownHeight={280}
              nothingFoundMessage="No user matches"
              data={recipientOptions(listed, everyone, values.user_ids)}
              value={values.user_ids}
              onChange={(ids) => set("user_ids", ids)}
            />
            <ShowMore list={organisationId === null ? mailbox : organisation} />
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconUsersPlus size={14} />}
                disabled={listed.length === 0}
                loading={addAll.isPending}
                onClick={() => addAll.mutate()}
              >
                {organisationId === null ? "Add all users" : "Add all users of this organisation"}
              </Button>
            </Group>
            {addAll.error ? (
              <QueryErrorAlert error={addAll.error} title="The users could not be added" />
            ) : null}
            <TextInput
              label="Subject"
              withAsterisk
              value={values.subject}
              onChange={(event) => set("subject", event.currentTarget.value)}
            />
            <Textarea
              label="Message"
              withAsterisk
              autosize
              minRows={8}
              value={values.message}
              onChange={(event) => set("message", event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                leftSection={<IconMailForward size={16} />}
                disabled={!canSend(values)}
                loading={send.isPending}
              >
                Send
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
