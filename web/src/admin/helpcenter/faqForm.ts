import type { FieldDefinition, FormDefinition } from "../../../../server/forms/types.ts";

/**
 * The 'New FAQ' dialog's fields come from the faq form the server delivers at sign-in
 * (server/forms/faq.ts, in the admin detail's `forms.faq`): labels, which are required, the
 * answer's rows. The server's call applies the same rules (question and answer required).
 */
export type FaqField = FieldDefinition & { name: "question" | "answer" };

const FALLBACK: FaqField[] = [
  { name: "question", label: "Question", type: "text", required: true },
  { name: "answer", label: "Answer", type: "textarea", required: true, rows: 5 },
];

export function faqFields(forms: Record<string, unknown> | undefined): FaqField[] {
  const form = forms?.faq as FormDefinition | undefined;
  const fields = form?.fields?.filter(
    (field): field is FaqField => field.name === "question" || field.name === "answer",
  );
  return fields && fields.length === 2 ? fields : FALLBACK;
}

export const REQUIRED_MESSAGE = "Please fill out this field";

/** A field's error, or undefined when the value passes (required: non-empty after trimming). */
export function faqFieldError(field: FaqField, value: string): string | undefined {
  return field.required && value.trim() === "" ? REQUIRED_MESSAGE : undefined;
}
