import { Checkbox, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { AutocompleteField } from "./AutocompleteField.tsx";
import { choicesOf, isShown } from "./rules.ts";
import type { Choice, FormField, FormValues } from "./types.ts";
import type { DefinitionForm } from "./useDefinitionForm.ts";

/** Fields that take a whole row of the two-column layout. */
const WIDE = new Set<FormField["type"]>(["multiple_choice", "textarea"]);

/**
 * Renders a server form definition's fields (text, email, password, number, date, textarea,
 * select, multiple_choice, boolean) in two columns (one on a phone), hiding those whose shown_when
 * is not met. `extraChoices` gives choices only the screen knows (a provider's 'Works at');
 * `addons` puts a control at the right of a text field (the NPI look-up button).
 */
export function FormFields({
  fields,
  definitionForm,
  extraChoices,
  addons,
}: {
  fields: FormField[];
  definitionForm: DefinitionForm;
  extraChoices?: Record<string, Choice[]>;
  addons?: Record<string, ReactNode>;
}) {
  const values = definitionForm.form.getValues();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      {fields
        .filter((field) => isShown(field, values))
        .map((field) => (
          <div key={field.name} style={WIDE.has(field.type) ? { gridColumn: "1 / -1" } : undefined}>
            <FieldInput
              field={field}
              definitionForm={definitionForm}
              values={values}
              choices={choicesOf(field, values, extraChoices)}
              addon={addons?.[field.name]}
            />
          </div>
        ))}
    </SimpleGrid>
  );
}

function FieldInput({
  field,
  definitionForm,
  values,
  choices,
  addon,
}: {
  field: FormField;
  definitionForm: DefinitionForm;
  values: FormValues;
  choices: Choice[];
  addon?: ReactNode;
}) {
  const { form, change } = definitionForm;
  const props = form.getInputProps(field.name);
  const common = {
    label: field.label,
    description: field.hint,
    withAsterisk: Boolean(field.required || (field.min ?? 0) > 0),
    error: props.error as ReactNode,
    disabled: field.readonly,
    onBlur: props.onBlur,
    onFocus: props.onFocus,
    "data-field": field.name,
  };
  const value = values[field.name];
  const text = typeof value === "string" ? value : "";

  switch (field.type) {
    case "multiple_choice":
      return (
        <Checkbox.Group
          {...common}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => change(field.name, next)}
        >
          {choices.length === 0 ? (
            <Text size="xs" c="dimmed" mt={4}>
              {field.dependsOn ? "Choose the field above first." : "No choice yet."}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing={6} mt={6}>
              {choices.map((choice) => (
                <Checkbox key={choice.value} value={choice.value} label={choice.label} size="sm" />
              ))}
            </SimpleGrid>
          )}
        </Checkbox.Group>
      );
    case "select":
      return (
        <Select
          {...common}
          data={choices}
          value={text === "" ? null : text}
          onChange={(next) => change(field.name, next ?? "")}
          clearable={!field.required}
          allowDeselect={!field.required}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case "textarea":
      return (
        <Textarea
          {...common}
          rows={field.rows ?? 5}
          value={text}
          onChange={(event) => change(field.name, event.currentTarget.value)}
        />
      );
    case "boolean":
      return (
        <Stack gap={4}>
          <Switch
            {...common}
            onLabel="Yes"
            offLabel="No"
            checked={value === true}
            onChange={(event) => change(field.name, event.currentTarget.checked)}
          />
        </Stack>
      );
    case "image":
      // Pictures are uploaded by their own screens (profile, logo), not through these forms.
      return null;
    default:
      if (field.api_url && field.format !== "npi") {
        const other = field.api_other ? values[field.api_other] : undefined;
        return (
          <AutocompleteField
            {...common}
            url={field.api_url}
            other={field.api_other ? (typeof other === "string" ? other : "") : undefined}
            value={text}
            onChange={(next) => change(field.name, next)}
            maxLength={field.maxlength}
          />
        );
      }
      return (
        <TextInput
          {...common}
          type={inputType(field.type)}
          value={text}
          onChange={(event) => change(field.name, event.currentTarget.value)}
          maxLength={field.maxlength}
          inputMode={
            field.format === "number" || field.format === "npi" || field.format === "zip"
              ? "numeric"
              : undefined
          }
          rightSection={addon}
          rightSectionWidth={addon ? 40 : undefined}
        />
      );
  }
}

const inputType = (type: FormField["type"]) => {
  if (type === "date" || type === "email" || type === "password") return type;
  return "text";
};
