/**
 * What each field format means, in the words a refusal uses (docs/api.md: plain words, never a
 * format's id such as 'onlyletter'). Pure: the web's form rules (web/src/forms/rules.ts) and the
 * server's (fieldRules.ts) give the same message.
 */
export const REQUIRED_MESSAGE = "Please fill out this field";

export type FieldFormat = "email" | "npi" | "zip" | "number" | "onlyletter" | "year" | "password";

export const FORMAT_WORDS: Record<FieldFormat, string> = {
  email: "an e-mail address",
  npi: "an NPI of 10 digits",
  zip: "a zip code of 5 digits",
  number: "digits only",
  onlyletter: "letters only (spaces, hyphens, apostrophes and dots allowed)",
  year: "a year of 4 digits",
  password: "a password as the rules say",
};

/** 'Please fill out this field', or with a format: '... or verify it is an NPI of 10 digits.' */
export const formatMessage = (format: FieldFormat | undefined) =>
  format ? `${REQUIRED_MESSAGE} or verify it is ${FORMAT_WORDS[format]}.` : REQUIRED_MESSAGE;

/**
 * zod's error for a text field: `missing` when it is left out, "must be text" when another type is
 * sent (a number sent for a name was told 'Please fill out this field', as if it were not sent).
 */
export const textFieldError = (missing: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? missing : "must be text";
