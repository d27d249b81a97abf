import { fieldRefusal, HttpError } from "./errors.ts";

/**
 * JSON text from a request is parsed only once its nesting is known to be shallow. No request of
 * the API nests deeper than a few levels, while a body of 20,000 `[` parsed and then walked per
 * level froze the server for seconds and a deeper one overflowed the stack (a 500). One linear
 * scan of the raw text, before anything is parsed, refuses it instead.
 */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `must not nest deeper than ${MAX_JSON_DEPTH} levels`;

/** Whether the JSON text opens more than MAX_JSON_DEPTH arrays or objects inside one another. */
export function nestsTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      // A backslash: the character after it is escaped.
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/** A request body's JSON: 400 when it nests too deep or is not JSON. */
export function parseJsonBody(text: string): unknown {
  if (nestsTooDeep(text)) {
    throw new HttpError(400, `The request body ${TOO_DEEP_MESSAGE}.`, [
      { field: "body", message: TOO_DEEP_MESSAGE },
    ]);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Malformed JSON body.").withCode("malformed_body");
  }
}

/** A field's JSON text (a form field, filters in a query string): undefined when not JSON; 400 naming it when too deep. */
export function parseJsonField(text: string, field: string): unknown {
  if (nestsTooDeep(text)) throw fieldRefusal(field, TOO_DEEP_MESSAGE);
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
