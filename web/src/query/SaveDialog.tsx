import { Alert, Button, Group, Modal, Radio, Stack, Textarea, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError, errorMessage } from "../api/errors.ts";
import { queryKeys, saveQuery } from "../api/queries.ts";
import type { FilterValues } from "./types.ts";

/** customer-area.md section 5: a saved view's title is required, at most 21 characters. */
export const TITLE_MAX = 21;

export function titleProblem(title: string): string | undefined {
  if (title.trim() === "") return "Please fill out this field";
  if (title.length > TITLE_MAX) return `At most ${TITLE_MAX} characters`;
  return undefined;
}

interface SaveDialogProps {
  opened: boolean;
  onClose: () => void;
  /** querie1, querie2, ... */
  name: string;
  filters: FilterValues;
  organisationId: string;
  dummyOrgId?: string;
}

/** Saves the current filters of an analysis as a custom query, shared (accessible) by default. */
export function SaveDialog({ opened, onClose, name, filters, organisationId, dummyOrgId }: SaveDialogProps) {
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [accessible, setAccessible] = useState("yes");
  const [touched, setTouched] = useState(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!opened) return;
    setTitle("");
    setDescription("");
    setAccessible("yes");
    setTouched(false);
  }, [opened]);

  const save = useMutation({
    mutationFn: () =>
      saveQuery(
        {
          title: title.trim(),
          description: description.trim(),
          accessible: accessible === "yes",
          filters,
          organization_id: organisationId,
          querie: Number(name.replace("querie", "")),
        },
        dummyOrgId,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedLists });
      notifications.show({ color: "green", message: `"${title.trim()}" is saved.` });
      onClose();
    },
  });
  const problem = titleProblem(title);
  const serverTitleError = save.error instanceof ApiError ? save.error.fieldMessage("title") : undefined;

  return (
    <Modal opened={opened} onClose={onClose} title="Save view">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!problem) save.mutate();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Title"
            required
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            // Too long shows at once; empty only once the field was left or Save was pressed.
            error={(title.length > TITLE_MAX || touched ? problem : undefined) || serverTitleError}
            description={`${title.length}/${TITLE_MAX}`}
            data-autofocus
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            autosize
            minRows={2}
          />
          <Radio.Group label="Accessible to your colleagues" value={accessible} onChange={setAccessible}>
            <Group mt={6}>
              <Radio value="yes" label="Yes" />
              <Radio value="no" label="No" />
            </Group>
          </Radio.Group>
          {save.error && !serverTitleError ? (
            <Alert color="red" variant="light">
              {errorMessage(save.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={Boolean(problem)} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
