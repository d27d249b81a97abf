import type { FieldDefinition, FormDefinition } from "../../../server/forms/types.ts";

/**
 * A field of a server-delivered form (server/forms/types.ts), with the properties the onboarding
 * contract adds (api_other, clears_on, shown_when). Declared here as optional so the renderer reads
 * them whether or not the server's type already names them.
 */
export type FormField = FieldDefinition & {
  /** The field whose value an autocomplete sends as `other` (the city of a zip). */
  api_other?: string;
  /** Emptied when the named field changes (a zip when its city changes). */
  clears_on?: string;
  /** Shown (and checked) only when another multiple_choice field includes a value. */
  shown_when?: { field: string; includes: string };
};

export interface FormDef {
  name: string;
  fields: FormField[];
}

export type { FieldDefinition, FormDefinition };

/** A choice as inputs take it. */
export interface Choice {
  value: string;
  label: string;
}

/** A form's values by field name: strings, string lists (multiple_choice) or booleans. */
export type FormValues = Record<string, string | string[] | boolean>;
