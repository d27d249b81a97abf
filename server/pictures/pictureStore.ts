import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { PICTURE_MAX_BYTES, PICTURE_MESSAGES, PICTURE_TYPES } from "../forms/picture.ts";
import { HttpError } from "../http/errors.ts";

/**
 * Profile pictures and organisation logos, kept safely:
 * - judged by their bytes (`file-type`), never by their name or declared type: PNG, JPEG, WebP and
 *   GIF only, so SVG (which may carry script) and HTML are refused whatever they are called;
 * - decoded and re-encoded by `sharp` into a fresh WebP (at most 1024 px a side): metadata and any
 *   bytes hidden in or after the image (a polyglot's script) are not carried over;
 * - stored under a generated name in DATA_DIR/pictures/, outside the web app's folder, and served only
 *   by GET /api/pictures/{name} (server/routes/pictures.ts) as image/webp with nosniff.
 */

/** Where a stored picture is read by the screens; the database keeps this path. */
export const PICTURE_URL_PREFIX = "/api/pictures/";
/** Every stored picture is a WebP: the route answers this one fixed type. */
export const PICTURE_CONTENT_TYPE = "image/webp";
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
const MAX_SIDE = 1024;
/** A small file may still decode to a huge bitmap (a "pixel bomb"): refuse beyond 50 megapixels. */
const MAX_INPUT_PIXELS = 50_000_000;

export const picturesDir = (dataDir: string) => join(dataDir, "pictures");

/** The stored file a name points to, or undefined for anything that is not one of our names. */
export function storedPicturePath(dataDir: string, name: string): string | undefined {
  return STORED_NAME.test(name) ? join(picturesDir(dataDir), name) : undefined;
}

/** The field-named 400 (or 413) every refusal of a picture answers, in the spec's wording. */
export const pictureRefused = (field: string, message: string, status: 400 | 413 = 400) =>
  new HttpError(status, `${field}: ${message}`, [{ field, message }]);

/**
 * Checks a received file and keeps its re-encoded copy; answers the URL path to store. `field` names
 * the form field in the error of a refusal.
 */
export async function storePicture(dataDir: string, file: { path: string; bytes: number }, field: string) {
  if (file.bytes === 0) throw pictureRefused(field, PICTURE_MESSAGES.missing);
  if (file.bytes > PICTURE_MAX_BYTES) throw pictureRefused(field, PICTURE_MESSAGES.tooLarge, 413);
  const bytes = readFileSync(file.path);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(PICTURE_TYPES as readonly string[]).includes(type.mime)) {
    throw pictureRefused(field, PICTURE_MESSAGES.invalid);
  }
  let encoded: Buffer;
  try {
    encoded = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate() // applies the EXIF orientation before the metadata goes
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // Right magic bytes but not a decodable image (a forged header): not a valid image.
    throw pictureRefused(field, PICTURE_MESSAGES.invalid);
  }
  const name = `${randomUUID()}.webp`;
  mkdirSync(picturesDir(dataDir), { recursive: true });
  writeFileSync(join(picturesDir(dataDir), name), encoded);
  return `${PICTURE_URL_PREFIX}${name}`;
}

/** Removes a stored picture a replaced value pointed to (anything else is left alone). */
export function removePicture(dataDir: string, url: string | null | undefined) {
  if (!url?.startsWith(PICTURE_URL_PREFIX)) return;
  const path = storedPicturePath(dataDir, url.slice(PICTURE_URL_PREFIX.length));
  if (path) rmSync(path, { force: true });
}
