import type { Condition } from "./conditions.ts";

export interface Choice {
  value: string;
  label: string;
}

/**
 * A questionnaire question as the web app renders it and the server validates it. The shape follows
 * the other server-delivered forms (server/forms/types.ts) and adds `showWhen`.
 *
 * - select: one choice (Yes/No switches, stake bands); multiple_choice: any number of choices, at
 *   least `min` when required; text / textarea: free text, `format: "number"` for numeric answers.
 * - required means required while shown; a hidden field is neither validated nor stored.
 */
export interface QuestionnaireField {
  name: string;
  label: string;
  type: "select" | "multiple_choice" | "text" | "textarea";
  required?: boolean;
  /** Digits with an optional decimal part; `max` bounds percentages. */
  format?: "number";
  max?: number;
  min?: number;
  choices?: readonly Choice[];
  hint?: string;
  rows?: number;
  /** Shown only when every condition holds; absent means always shown. */
  showWhen?: readonly Condition[];
}

export interface QuestionnaireStep {
  /** 1 to 17, the order the customer walks through. */
  step: number;
  title: string;
  fields: readonly QuestionnaireField[];
}
