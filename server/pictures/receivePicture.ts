import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { PICTURE_MAX_BYTES, PICTURE_MESSAGES } from "../forms/picture.ts";
import { fieldRefusal, HttpError } from "../http/errors.ts";
import { parseJsonField } from "../http/jsonText.ts";
import { removeDir } from "../ingest/storage.ts";
import { type MisplacedParts, sortParts } from "../routes/uploads/multipart.ts";
import {
  boundaryOf,
  type MultipartLimits,
  type ReceivedFile,
  receiveMultipart,
} from "../routes/uploads/multipartStream.ts";
import { pictureRefused } from "./pictureStore.ts";

/** A picture form: one image and a few small text fields. */
const pictureLimits: MultipartLimits = {
  maxBodyBytes: PICTURE_MAX_BYTES + 256 * 1024,
  maxFileBytes: PICTURE_MAX_BYTES,
  maxFiles: 1,
  maxFields: 8,
  maxFieldBytes: 16 * 1024,
  maxHeaderBytes: 8 * 1024,
};

export interface PictureForm {
  /** The text fields (text sent under the picture's name set apart in `misplaced`). */
  fields: Record<string, unknown>;
  /** The file sent in the picture field, if any. */
  file: ReceivedFile | undefined;
  /** Parts sent in the wrong place, for the form's refusal (misplacedParts). */
  misplaced: MisplacedParts;
}

/**
 * Receives a multipart picture form (streamed to a scratch folder under DATA_DIR/tmp, removed
 * afterwards) and runs `work` on it. Only a file in `fileField` is kept; a file above 2 MB is refused
 * as it streams, with the spec's message naming `fileField`.
 */
export async function withPictureForm<T>(
  c: Context<AppEnv>,
  fileField: string,
  work: (form: PictureForm) => Promise<T>,
): Promise<T> {
  const boundary = boundaryOf(c.req.header("content-type") ?? "");
  if (!boundary) throw new HttpError(415, "Content-Type must be multipart/form-data.");
  const tooLarge = pictureRefused(fileField, PICTURE_MESSAGES.tooLarge, 413);
  if (Number(c.req.header("content-length") ?? 0) > pictureLimits.maxBodyBytes) throw tooLarge;
  const body = c.req.raw.body;
  if (!body) throw fieldRefusal(fileField, PICTURE_MESSAGES.missing);
  const dir = join(c.var.app.config.dataDir, "tmp", "received", randomUUID());
  mkdirSync(dir, { recursive: true });
  try {
    let received: Awaited<ReturnType<typeof receiveMultipart>>;
    try {
      received = await receiveMultipart(body, boundary, dir, pictureLimits, new Set([fileField]));
    } catch (error) {
      if (error instanceof HttpError && error.detail.startsWith("Upload too large")) throw tooLarge;
      throw error;
    }
    const { fields, misplaced } = sortParts(received, new Set([fileField]));
    return await work({ fields, file: received.files[0], misplaced });
  } finally {
    removeDir(dir);
  }
}

/**
 * The form's text fields with a JSON text field (user_data) parsed, for the form's schema; a text
 * that is not JSON is a 400 naming the field.
 */
export function withJsonField(fields: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = fields[name];
  if (value === undefined) return fields;
  if (typeof value !== "string") throw fieldRefusal(name, "must be sent once, as JSON text");
  const parsed = parseJsonField(value, name);
  if (parsed === undefined) throw fieldRefusal(name, 'must be JSON text (e.g. {"username": "..."})');
  return { ...fields, [name]: parsed };
}
