import { Button, Group, Modal, Stack } from "@mantine/core";
import { useEffect, useState } from "react";
import { FilterFieldInput } from "./FilterFieldInput.tsx";
import type { FilterFieldSpec } from "./filterFields.ts";
import type { SchemaProblem } from "./jsonSchema.ts";
import type { FilterValues } from "./types.ts";

interface FilterDialogProps {
  opened: boolean;
  onClose: () => void;
  fields: FilterFieldSpec[];
  /** The filters in force: the dialog starts from them each time it opens. */
  current: FilterValues;
  /** Why a draft does not fit the analysis (its schema, the years with data). */
  problemsOf: (draft: FilterValues) => SchemaProblem[];
  onApply: (filters: FilterValues) => void;
}

/** The filter form of an analysis; Apply stays disabled until the draft fits (e.g. querie3: 3 lines). */
export function FilterDialog({ opened, onClose, fields, current, problemsOf, onApply }: FilterDialogProps) {
  const [draft, setDraft] = useState<FilterValues>(current);
  useEffect(() => {
    if (opened) setDraft(current);
  }, [opened, current]);

  const problems = problemsOf(draft);
  const errorOf = (key: string) => problems.find((problem) => problem.field === key)?.message;

  return (
    <Modal opened={opened} onClose={onClose} title="Filters" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (problems.length > 0) return;
          onApply(draft);
        }}
      >
        <Stack gap="md">
          {fields.map((field) => (
            <FilterFieldInput
              key={field.key}
              field={field}
              value={draft[field.key]}
              error={errorOf(field.key)}
              onChange={(value) => setDraft((previous) => ({ ...previous, [field.key]: value }))}
            />
          ))}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={problems.length > 0}>
              Apply
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
