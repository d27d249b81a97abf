/**
 * The longest text each kind of request field takes, so every text field of every request states a
 * maxLength in the API document and a request cannot store (or make the server work through) pages
 * of text where a name goes (tests/api/apiDocument.test.ts walks the request schemas for it). Pure:
 * the web app's forms import them too.
 */

/** An e-mail address: the longest a mail path takes (RFC 5321: 256 with its angle brackets). */
export const EMAIL_MAX = 254;
/** A person's or a place's name, a sign-in name, a time zone, an id sent as text. */
export const NAME_MAX = 200;
/** A password: long passphrases are welcome; the hash's work is bounded. */
export const PASSWORD_MAX = 128;
/** One line of free text (a search, a look-up's query, a choice typed in). */
export const LINE_MAX = 500;
/** A phone or fax number's digits (E.164 has at most 15; room for an extension). */
export const PHONE_MAX = 30;
/** A date typed in a form: YYYY-MM-DD, with room for the spaces trimmed around it. */
export const DATE_TEXT_MAX = 32;
/** Filters sent as JSON text in a query string (or a form): the same filters as the JSON body. */
export const JSON_TEXT_MAX = 100_000;

/** The words of a text over its limit, as the global error map has them (plainWords.ts). */
export const atMost = (max: number) => `must be at most ${max} characters`;
