/** A field of a server-delivered form: the web app builds inputs and rules from it. */
export interface FieldDefinition {
  name: string;
  label: string;
  type:
    | "text"
    | "email"
    | "password"
    | "date"
    | "number"
    | "textarea"
    | "select"
    | "multiple_choice"
    | "boolean"
    | "image";
  required?: boolean;
  /** Validation format; a refusal says what it means in words (server/forms/formatWords.ts). */
  format?: "email" | "npi" | "zip" | "number" | "onlyletter" | "year" | "password";
  minlength?: number;
  maxlength?: number;
  /** multiple_choice: at least this many selections. */
  min?: number;
  choices?: { value: string; label: string }[];
  /** Choices that depend on another field's value: { field, choices by that value }. */
  dependsOn?: { field: string; choices: Record<string, { value: string; label: string }[]> };
  default?: unknown;
  /** Remote lookup for autocomplete fields (POST {query, other} -> {data: [value, label][]}). */
  api_url?: string;
  /** The field whose value is sent as `other` with the api_url call (the zips of that city). */
  api_other?: string;
  /** This field is cleared when the named field changes (the zip when its city changes). */
  clears_on?: string;
  /** Shown (and meaningful) only while the named multiple_choice field includes the value. */
  shown_when?: { field: string; includes: string };
  hint?: string;
  rows?: number;
  readonly?: boolean;
}

export interface FormDefinition {
  name: string;
  fields: FieldDefinition[];
}

export const choices = (...values: string[]) => values.map((value) => ({ value, label: value }));
export const yesNo = [
  { value: "No", label: "No" },
  { value: "Yes", label: "Yes" },
];
