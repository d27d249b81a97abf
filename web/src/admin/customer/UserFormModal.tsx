import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useEffect } from "react";
import type { CustomerUser } from "../../api/answers.ts";
import type { UserStatus } from "../../api/customerUsers.ts";
import { ApiError, errorMessage } from "../../api/errors.ts";
import {
  defaultStatus,
  formFieldOf,
  statusChoices,
  type UserFormValues,
  userFieldLabels,
  userFormSchema,
} from "./userRules.ts";

export type UserFormMode = { kind: "add"; userCount: number } | { kind: "edit"; user: CustomerUser };

const validate = schemaResolver(userFormSchema, { sync: true });

function initialValues(mode: UserFormMode): UserFormValues {
  return mode.kind === "add"
    ? { username: "", email: "", status: defaultStatus(mode.userCount) }
    : { username: mode.user.username, email: mode.user.email, status: mode.user.status };
}

/** The server's error, unless every one of its field errors is shown beside its field. */
function modalMessage(error: unknown): string | undefined {
  if (!error) return undefined;
  if (error instanceof ApiError && error.errors.length > 0 && error.errors.every((e) => formFieldOf(e))) {
    return undefined;
  }
  return errorMessage(error);
}

/**
 * Adds or edits one customer user: name, e-mail (fixed once the user exists: it is the sign-in
 * address) and status, whose choices follow userRules.statusChoices. Save stays disabled until the
 * form is valid; the server's field errors appear beside their field, others above the buttons.
 */
export function UserFormModal({
  opened,
  mode,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  mode: UserFormMode;
  pending: boolean;
  error: unknown;
  onSubmit: (values: { username: string; email: string; status: UserStatus }) => void;
  onClose: () => void;
}) {
  const form = useForm<UserFormValues>({
    mode: "controlled",
    initialValues: initialValues(mode),
    validateInputOnChange: true,
    validate,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens.
  useEffect(() => {
    if (opened) {
      form.setValues(initialValues(mode));
      form.clearErrors();
    }
  }, [opened]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new server error is put on its fields once.
  useEffect(() => {
    if (!(error instanceof ApiError)) return;
    for (const fieldError of error.errors) {
      const field = formFieldOf(fieldError);
      if (field) form.setFieldError(field, fieldError.message);
    }
  }, [error]);

  const editing = mode.kind === "edit";
  const choices = statusChoices(
    editing ? { kind: "edit", current: mode.user.status } : { kind: "add", userCount: mode.userCount },
  );
  const message = modalMessage(error);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? `Edit ${mode.user.username}` : "Add user"}
      centered
    >
      <form
        onSubmit={form.onSubmit((values) => {
          const parsed = userFormSchema.parse(values);
          onSubmit(parsed);
        })}
        noValidate
      >
        <Stack gap="sm">
          <TextInput label={userFieldLabels.username} withAsterisk {...form.getInputProps("username")} />
          <TextInput
            label={userFieldLabels.email}
            type="email"
            withAsterisk={!editing}
            disabled={editing}
            description={editing ? "The sign-in address; it cannot be changed." : undefined}
            {...form.getInputProps("email")}
          />
          <Radio.Group label={userFieldLabels.status} withAsterisk {...form.getInputProps("status")}>
            <Group mt={6}>
              {choices.map((choice) => (
                <Radio
                  key={choice.value}
                  value={choice.value}
                  label={choice.label}
                  disabled={choice.disabled}
                />
              ))}
            </Group>
          </Radio.Group>
          {!editing && mode.userCount === 0 ? (
            <Text size="xs" c="dimmed">
              The first user is the organisation's admin.
            </Text>
          ) : null}
          {message ? (
            <Alert color="red" variant="light">
              {message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!form.isValid()} loading={pending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
