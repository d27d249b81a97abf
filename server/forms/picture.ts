/**
 * The rules of a profile picture or an organisation logo (customer-area.md and admin-area.md
 * section 5): an image of one of these types, at most 2 MB (2*1024*1024 bytes). The server enforces
 * them on the file's bytes (server/pictures/); the web's picture input checks the same before
 * sending and shows the same messages (in English, as every message: issue 19 replaced the spec's French alerts). Pure: no
 * server code, so the web imports it as it is.
 */

export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;

/** The image types accepted, by their real content. SVG (it may carry script) and HTML never are. */
export const PICTURE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

/** For the file input's `accept` (a hint to the picker only: the content is what is checked). */
export const PICTURE_ACCEPT = PICTURE_TYPES.join(",");

export const PICTURE_MESSAGES = {
  invalid: "Please select a valid image (PNG, JPEG, WebP or GIF).",
  tooLarge: "The file is too large: at most 2 MB.",
  missing: "No file selected.",
} as const;

/** What a picture field takes, in words (the OpenAPI document's description of the file field). */
export const PICTURE_WORDS = "a PNG, JPEG, WebP or GIF image of at most 2 MB";

/** The form definition delivered in the session's `forms.picture`. */
export const pictureRules = {
  name: "picture",
  max_bytes: PICTURE_MAX_BYTES,
  types: [...PICTURE_TYPES],
  messages: PICTURE_MESSAGES,
};

/**
 * The browser's own check before sending (the server checks the bytes again): a missing file, a
 * declared type that is not an accepted image, or a file too large. Undefined when it may be sent.
 */
export function pictureProblem(file: { size: number; type: string } | null | undefined): string | undefined {
  if (!file || file.size === 0) return PICTURE_MESSAGES.missing;
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return PICTURE_MESSAGES.invalid;
  if (file.size > PICTURE_MAX_BYTES) return PICTURE_MESSAGES.tooLarge;
  return undefined;
}
