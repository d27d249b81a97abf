import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { errorMessage } from "../../api/errors.ts";
import { type FaqField, faqFieldError } from "./faqForm.ts";

type Values = Record<FaqField["name"], string>;
const EMPTY: Values = { question: "", answer: "" };

/**
 * 'New FAQ': Question and Answer, both required; Submit is enabled once both are filled and the
 * dialog closes once the add has completed (the parent closes it on success; a failure shows here).
 */
export function NewFaqDialog({
  opened,
  fields,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  fields: FaqField[];
  pending: boolean;
  error: unknown;
  onSubmit: (values: Values) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<FaqField["name"], boolean>>>({});
  // A new dialog starts empty, whether the last one was cancelled or submitted.
  useEffect(() => {
    if (!opened) {
      setValues(EMPTY);
      setTouched({});
    }
  }, [opened]);
  const valid = fields.every((field) => faqFieldError(field, values[field.name]) === undefined);

  return (
    <Modal opened={opened} onClose={onClose} title="New FAQ" centered size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !pending) onSubmit({ question: values.question.trim(), answer: values.answer.trim() });
        }}
      >
        <Stack gap="md">
          {fields.map((field) => {
            const props = {
              label: field.label,
              required: field.required,
              value: values[field.name],
              error: touched[field.name] ? faqFieldError(field, values[field.name]) : undefined,
              onChange: (event: { currentTarget: { value: string } }) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [field.name]: value }));
              },
              onBlur: () => setTouched((current) => ({ ...current, [field.name]: true })),
            };
            return field.type === "textarea" ? (
              <Textarea
                key={field.name}
                {...props}
                rows={field.rows ?? 5}
                autosize
                minRows={field.rows ?? 5}
              />
            ) : (
              <TextInput key={field.name} {...props} data-autofocus />
            );
          })}
          {error ? (
            <Alert color="red" variant="light">
              {errorMessage(error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid} loading={pending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
