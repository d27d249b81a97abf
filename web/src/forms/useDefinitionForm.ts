import { useForm } from "@mantine/form";
import { useCallback } from "react";
import { ApiError, type FieldError } from "../api/errors.ts";
import { applyChange, formErrors, formFieldOfError, initialValues, mergeValues } from "./rules.ts";
import type { FormField, FormValues } from "./types.ts";

/**
 * A @mantine/form form driven by a server definition: its values start from the entity (or the
 * defaults), its validation is the definition's rules (rules.ts), and a change goes through
 * `change`, which normalises the value and empties the fields that clear on it.
 */
export function useDefinitionForm(fields: FormField[], entity?: Record<string, unknown>) {
  const form = useForm<FormValues>({
    mode: "controlled",
    initialValues: initialValues(fields, entity),
    // Errors are kept per field: a change re-checks the fields it changed (below), so a server's
    // message on another field (the NPI not found) stays until that field changes.
    clearInputErrorOnChange: false,
    validate: (values) => formErrors(fields, values),
  });

  const change = useCallback(
    (name: string, value: FormValues[string]) => {
      const before = form.getValues();
      const after = applyChange(fields, before, name, value);
      form.setValues(after);
      for (const field of fields) {
        if (JSON.stringify(after[field.name]) !== JSON.stringify(before[field.name])) {
          form.validateField(field.name);
        }
      }
    },
    [form, fields],
  );

  /** Merges a look-up's answer, then checks what it filled. */
  const merge = useCallback(
    (found: Record<string, unknown>) => {
      const after = mergeValues(fields, form.getValues(), found);
      form.setValues(after);
      for (const name of Object.keys(found)) if (after[name] !== undefined) form.validateField(name);
    },
    [form, fields],
  );

  /** Puts the server's field errors beside their fields; answers those that name no field. */
  const showServerErrors = useCallback(
    (error: unknown): FieldError[] => {
      if (!(error instanceof ApiError)) return [];
      const unplaced: FieldError[] = [];
      for (const fieldError of error.errors) {
        const name = formFieldOfError(fieldError.field);
        if (fields.some((field) => field.name === name)) form.setFieldError(name, fieldError.message);
        else unplaced.push(fieldError);
      }
      return unplaced;
    },
    [form, fields],
  );

  const reset = useCallback(
    (next?: Record<string, unknown>) => {
      form.setValues(initialValues(fields, next));
      form.resetDirty();
      form.clearErrors();
    },
    [form, fields],
  );

  return { form, change, merge, showServerErrors, reset };
}

export type DefinitionForm = ReturnType<typeof useDefinitionForm>;
