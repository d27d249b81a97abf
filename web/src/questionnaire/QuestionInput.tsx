import {
  Checkbox,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useId } from "react";
import type { QuestionnaireField } from "./questionnaireForm.ts";

/**
 * One questionnaire question, from the definition delivered at sign-in: Yes/No as a segmented
 * switch, longer choice lists as a select, multiple choices as checkboxes, free text with its hint.
 * Shared by the customer's questionnaire stepper and staff's questionnaire modal.
 */
export function QuestionInput({
  field,
  value,
  error,
  readOnly,
  onChange,
}: {
  field: QuestionnaireField;
  value: string | string[] | undefined;
  error?: string;
  readOnly: boolean;
  onChange: (value: string | string[]) => void;
}) {
  const choices = field.choices ?? [];
  const id = useId();
  const label = (
    <Text size="sm" fw={500} id={`${id}-label`}>
      {field.label}
      {field.required ? (
        <Text span c="red">
          {" "}
          *
        </Text>
      ) : null}
    </Text>
  );
  const hint = field.hint ? (
    <Text size="xs" c="dimmed">
      {field.hint}
    </Text>
  ) : null;
  const errorText = error ? (
    <Text size="xs" c="red" id={`${id}-error`}>
      {error}
    </Text>
  ) : null;
  // Read-only, a choice is shown as the answer's words: disabled controls are hard to read (their
  // greyed text is below the contrast a reader needs) and say nothing more.
  if (readOnly && (field.type === "multiple_choice" || (field.type === "select" && choices.length <= 2))) {
    const picked = new Set(
      Array.isArray(value) ? value : typeof value === "string" && value !== "" ? [value] : [],
    );
    const words = choices.filter((choice) => picked.has(choice.value)).map((choice) => choice.label);
    return (
      <Stack gap={2}>
        {label}
        <Text size="sm" data-answer>
          {words.length > 0 ? words.join(", ") : "Not answered"}
        </Text>
      </Stack>
    );
  }
  if (field.type === "select" && choices.length <= 2) {
    return (
      <Stack gap={4}>
        {label}
        {/* The radios are named by the question and described by its message, as Mantine's inputs are. */}
        <SegmentedControl
          w="fit-content"
          aria-labelledby={`${id}-label`}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={field.required || undefined}
          data={choices.map((choice) => ({ value: choice.value, label: choice.label }))}
          value={typeof value === "string" ? value : ""}
          onChange={onChange}
        />
        {errorText}
      </Stack>
    );
  }
  if (field.type === "select") {
    return (
      <Select
        label={label}
        data={choices.map((choice) => ({ value: choice.value, label: choice.label }))}
        value={typeof value === "string" && value !== "" ? value : null}
        onChange={(picked) => onChange(picked ?? "")}
        readOnly={readOnly}
        error={error}
        styles={{ wrapper: { maxWidth: 320 } }}
      />
    );
  }
  if (field.type === "multiple_choice") {
    return (
      <Checkbox.Group
        label={label}
        description={field.hint}
        value={Array.isArray(value) ? value : []}
        onChange={onChange}
        error={error}
      >
        <SimpleGrid cols={choices.length > 6 ? 3 : 2} mt={6} spacing={6}>
          {choices.map((choice) => (
            <Checkbox key={choice.value} value={choice.value} label={choice.label} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    );
  }
  const text = typeof value === "string" ? value : Array.isArray(value) ? value.join(", ") : "";
  if (field.type === "textarea") {
    return (
      <Stack gap={2}>
        <Textarea
          label={label}
          rows={field.rows ?? 5}
          value={text}
          readOnly={readOnly}
          error={error}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {hint}
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <TextInput
        label={label}
        value={text}
        readOnly={readOnly}
        error={error}
        w={field.format === "number" ? 200 : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {hint}
    </Stack>
  );
}
