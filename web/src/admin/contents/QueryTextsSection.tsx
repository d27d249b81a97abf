import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { errorMessage } from "../../api/errors.ts";
import {
  fieldLabel,
  fieldsOf,
  isInsight,
  isLongText,
  placeholderHint,
  type QueryTextKey,
} from "./queryTextFields.ts";

type Texts = Record<string, Record<string, string>>;

const REQUIRED = "Please fill out this field";

/** The fields of one query's (or the scoring's) texts; the title is required. */
export function TextFields({
  name,
  values,
  onChange,
}: {
  name: QueryTextKey;
  values: Record<string, string>;
  onChange: (field: string, value: string) => void;
}) {
  const field = (field: string) => {
    const props = {
      label: fieldLabel(field),
      value: values[field] ?? "",
      required: field === "title",
      error: field === "title" && (values[field] ?? "").trim() === "" ? REQUIRED : undefined,
      description: isInsight(field) ? placeholderHint(name, field) : undefined,
      onChange: (event: { currentTarget: { value: string } }) => onChange(field, event.currentTarget.value),
      "data-field": `${name}.${field}`,
    };
    return isLongText(field) ? (
      <Textarea key={field} {...props} autosize minRows={2} maxRows={6} />
    ) : (
      <TextInput key={field} {...props} />
    );
  };
  const fields = fieldsOf(name);
  const sentences = fields.filter(isInsight);
  return (
    <Stack gap="xs">
      {fields.filter((each) => !isInsight(each)).map(field)}
      {sentences.length > 0 ? (
        // Folded: the sentences are edited less often than the titles, and would double the panel.
        <details data-findings={name}>
          <Text component="summary" size="sm" fw={500} style={{ cursor: "pointer" }}>
            Findings in words ({sentences.length} sentences)
          </Text>
          <Stack gap="xs" mt="xs">
            {sentences.map(field)}
          </Stack>
        </details>
      ) : null}
    </Stack>
  );
}

export const titlesFilled = (texts: Texts, keys: string[]) =>
  keys.every((key) => (texts[key]?.title ?? "").trim() !== "");

/**
 * A section of Manage contents with its own Update button: the Queries section (ten panels, three
 * per row on a wide screen, so the last row holds one) or the Scoring section (one panel).
 */
export function TextsSection({
  title,
  keys,
  panelTitle,
  initial,
  columns,
  pending,
  error,
  saved,
  onUpdate,
}: {
  title: string;
  keys: QueryTextKey[];
  panelTitle?: (key: QueryTextKey) => string;
  initial: Texts;
  columns: number;
  pending: boolean;
  error: unknown;
  saved: boolean;
  onUpdate: (texts: Texts) => void;
}) {
  const [texts, setTexts] = useState<Texts>(() =>
    Object.fromEntries(keys.map((key) => [key, initial[key] ?? {}])),
  );
  const change = (key: string, field: string, value: string) =>
    setTexts((current) => ({ ...current, [key]: { ...current[key], [field]: value } }));
  const valid = titlesFilled(texts, keys);

  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Group justify="space-between">
        <Title order={3}>{title}</Title>
        <Button loading={pending} disabled={!valid} onClick={() => onUpdate(texts)}>
          Update
        </Button>
      </Group>
      {error ? (
        <Alert color="red" variant="light">
          {errorMessage(error)}
        </Alert>
      ) : saved ? (
        <Text size="sm" c="green.8">
          {title} updated.
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: Math.min(columns, 2), lg: columns }}>
        {keys.map((key) => (
          <Paper key={key} p="md" withBorder data-panel={key}>
            {panelTitle ? (
              <Title order={4} size="h5" mb="xs">
                {panelTitle(key)}
              </Title>
            ) : null}
            <TextFields
              name={key}
              values={texts[key] ?? {}}
              onChange={(field, value) => change(key, field, value)}
            />
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
