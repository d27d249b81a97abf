import { Alert, Button, Group, Modal, PasswordInput, Stack, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useEffect } from "react";
import { ApiError, errorMessage } from "../../api/errors.ts";
import {
  type AgentFormValues,
  agentFieldOf,
  agentFields,
  agentFormSchema,
  emptyAgent,
} from "./agentRules.ts";

const validate = schemaResolver(agentFormSchema, { sync: true });

/**
 * The new-agent dialog (admin-area.md section 4, 'Agent dialog'): Submit stays disabled until the
 * form is valid; the server's field errors show beside their field and its other errors in an
 * alert. The parent closes it once the add succeeded; it opens again empty.
 */
export function AgentFormModal({
  opened,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (values: AgentFormValues) => void;
  onClose: () => void;
}) {
  const form = useForm<AgentFormValues>({
    mode: "controlled",
    initialValues: emptyAgent,
    validateInputOnChange: true,
    validate,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form resets each time the dialog opens.
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new server error is put on its fields once.
  useEffect(() => {
    if (!(error instanceof ApiError)) return;
    for (const fieldError of error.errors) {
      const field = agentFieldOf(fieldError);
      if (field) form.setFieldError(field, fieldError.message);
    }
  }, [error]);

  const allOnFields =
    error instanceof ApiError && error.errors.length > 0 && error.errors.every((e) => agentFieldOf(e));
  const alert = error && !allOnFields ? errorMessage(error) : undefined;

  return (
    <Modal opened={opened} onClose={onClose} title="New agent" centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => onSubmit(agentFormSchema.parse(values) as AgentFormValues))}
      >
        <Stack gap="sm">
          <TextInput
            label={agentFields.username.label}
            description={agentFields.username.hint}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps("username")}
          />
          <TextInput
            label={agentFields.email.label}
            type="email"
            withAsterisk
            autoComplete="off"
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label={agentFields.password.label}
            description={agentFields.password.hint}
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps("password")}
          />
          {alert ? (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!form.isValid()} loading={pending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
