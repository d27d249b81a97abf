import {
  Anchor,
  Checkbox,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  TagsInput,
} from "@mantine/core";
import { type FilterFieldSpec, numberDraft } from "./filterFields.ts";

interface FilterFieldInputProps {
  field: FilterFieldSpec;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** One filter of the dialog, by the kind of list the schema gives it. */
export function FilterFieldInput({ field, value, error, onChange }: FilterFieldInputProps) {
  switch (field.kind) {
    case "year":
      return (
        <Select
          label={field.label}
          data={field.options}
          value={value === undefined ? null : String(value)}
          onChange={(year) => onChange(year === null ? undefined : Number(year))}
          allowDeselect={false}
          required
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case "checkboxes":
      return (
        <Checkbox.Group
          label={field.label}
          value={asList(value)}
          onChange={onChange}
          error={error}
          description={
            <SelectAllToggles
              onAll={() => onChange(field.options.map((o) => o.value))}
              onNone={() => onChange([])}
              label={field.label}
            />
          }
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} verticalSpacing={6} mt={6}>
            {field.options.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      );
    case "multiselect":
      return (
        <MultiSelect
          label={field.label}
          description={
            <SelectAllToggles
              onAll={() => onChange(field.options.map((o) => o.value))}
              onNone={() => onChange([])}
              label={field.label}
              hint={field.minItems === 0 ? "None selected means all." : undefined}
            />
          }
          data={field.options}
          value={asList(value)}
          onChange={onChange}
          searchable
          clearable
          hidePickedOptions
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case "number":
      return (
        <NumberInput
          label={field.label}
          description={
            field.minimum !== undefined && field.maximum !== undefined
              ? `From ${field.minimum} to ${field.maximum}`
              : undefined
          }
          // Text on the way to a number ("50." before 50.5) stays as typed: dropping it made the
          // box restart from the next digit (50.5 became 5).
          value={typeof value === "number" || typeof value === "string" ? value : ""}
          onChange={(number) => onChange(numberDraft(number))}
          min={field.minimum}
          max={field.maximum}
          clampBehavior="none"
          allowDecimal
          error={error}
        />
      );
    case "tags":
      return (
        <TagsInput
          label={field.label}
          description={field.hint}
          data={field.options}
          value={asList(value)}
          onChange={onChange}
          clearable
          error={error}
          splitChars={[",", " "]}
          comboboxProps={{ withinPortal: true }}
        />
      );
  }
}

/** Select All / Deselect All for a list filter (customer-area.md section 5). */
function SelectAllToggles({
  onAll,
  onNone,
  label,
  hint,
}: {
  onAll: () => void;
  onNone: () => void;
  label: string;
  hint?: string;
}) {
  return (
    <Group gap="sm" component="span">
      <Anchor component="button" type="button" size="xs" onClick={onAll} aria-label={`Select all ${label}`}>
        Select All
      </Anchor>
      <Anchor
        component="button"
        type="button"
        size="xs"
        onClick={onNone}
        aria-label={`Deselect all ${label}`}
      >
        Deselect All
      </Anchor>
      {hint ? <Input.Description component="span">{hint}</Input.Description> : null}
    </Group>
  );
}
