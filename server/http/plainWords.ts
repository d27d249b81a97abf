/**
 * The API's one voice for field errors: zod's issues in plain words that say what the field must
 * be, installed as zod's global error map (z.config) when this module loads (server/http/errors.ts
 * imports it, so every route has it). A message written in a schema still wins: zod asks the
 * global map only for issues whose schema gave none. docs/api.md lists the wordings.
 */
import { z } from "zod";

/** The wording for a field left out of a form. */
export const REQUIRED = "is required";
/** The wording for a key the form does not have (one error per key, under the key's own name). */
export const NOT_A_FIELD = "is not a field of this form";

type Issue = z.core.$ZodRawIssue;

const typeWords: Record<string, string> = {
  string: "must be text",
  number: "must be a number",
  int: "must be a whole number",
  bigint: "must be a whole number",
  boolean: "must be true or false",
  object: "must be a group of fields (a JSON object)",
  record: "must be a group of fields (a JSON object)",
  map: "must be a group of fields (a JSON object)",
  array: "must be a list",
  tuple: "must be a list",
  set: "must be a list",
  date: "must be a date (YYYY-MM-DD)",
  null: "must be empty (null)",
  file: "must be a file",
  nan: "must be a number",
};

const formatWords: Record<string, string> = {
  uuid: "must be a valid id",
  guid: "must be a valid id",
  email: "must be an e-mail address",
  url: "must be a web address",
  date: "must be a date (YYYY-MM-DD)",
  datetime: "must be a date and time",
  time: "must be a time of day",
  regex: "is not in the expected form",
  starts_with: "is not in the expected form",
  ends_with: "is not in the expected form",
  includes: "is not in the expected form",
};

const listed = (values: readonly unknown[]) => values.map((value) => String(value)).join(", ");

function sized(issue: Issue & { origin?: string }, bound: number | bigint, least: boolean) {
  const side = least ? "at least" : "at most";
  switch (issue.origin) {
    case "string":
      if (least && Number(bound) === 1) return REQUIRED;
      return `must be ${side} ${bound} characters`;
    case "array":
    case "set":
      return `must have ${side} ${bound} ${Number(bound) === 1 ? "entry" : "entries"}`;
    case "file":
      return `must be ${side} ${bound} bytes`;
    default:
      return `must be ${side} ${bound}`;
  }
}

/** The plain words for one zod issue. */
export function plainWords(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return REQUIRED;
      return typeWords[issue.expected] ?? `must be ${issue.expected}`;
    case "invalid_format":
      return formatWords[issue.format] ?? `must be a valid ${issue.format.replaceAll("_", " ")}`;
    case "invalid_value":
      if (issue.values.length === 1) return `must be ${String(issue.values[0])}`;
      if (issue.values.every((value) => typeof value === "boolean")) return "must be true or false";
      return `must be one of: ${listed(issue.values)}`;
    case "too_small":
      return sized(issue, issue.minimum, true);
    case "too_big":
      return sized(issue, issue.maximum, false);
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    case "unrecognized_keys":
      return NOT_A_FIELD;
    case "invalid_union":
      return "is not in an accepted form";
    case "invalid_key":
      return "has a key that is not accepted";
    case "invalid_element":
      return "has an entry that is not accepted";
    default:
      return "is not accepted";
  }
}

z.config({ customError: plainWords });
