import sharp from "sharp";
import { PICTURE_MAX_BYTES } from "../../server/forms/picture.ts";

/**
 * Sample files for the picture and logo calls: real images (with metadata to see it dropped), and
 * files that only pretend to be images (SVG, HTML named .png, a forged header, polyglots).
 */
export const SECRET_MARK = "GPS-SECRET-4242";

/** A real PNG carrying a text chunk (metadata) with SECRET_MARK. */
export async function pngWithMetadata(width = 64, height = 48) {
  const png = await sharp({ create: { width, height, channels: 3, background: "#3b82f6" } })
    .png()
    .withMetadata({ exif: { IFD0: { ImageDescription: SECRET_MARK } } })
    .toBuffer();
  return png;
}

export const jpeg = (width = 80, height = 60) =>
  sharp({ create: { width, height, channels: 3, background: "#f59e0b" } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: SECRET_MARK } } })
    .toBuffer();

export const svg = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>`,
);

export const html = Buffer.from(
  `<!doctype html><html><body><script>alert(document.cookie)</script></body></html>`,
);

/** A valid PNG followed by a script: an image to a decoder, a page to a sniffing browser. */
export async function pngPolyglot() {
  return Buffer.concat([await pngWithMetadata(), Buffer.from("<script>alert(document.cookie)</script>")]);
}

/** GIF magic bytes, then script: the header says image, but no decoder reads an image from it. */
export const forgedGif = Buffer.from("GIF89a/*\x00\x00*/=0;alert(document.cookie);//");

/** A valid PNG padded with trailing zeros to exactly `bytes` (decoders stop at IEND). */
export async function pngOfSize(bytes: number) {
  const png = await pngWithMetadata();
  return Buffer.concat([png, Buffer.alloc(bytes - png.length)]);
}

export const exactlyMaxPng = () => pngOfSize(PICTURE_MAX_BYTES);
export const oneByteTooLargePng = () => pngOfSize(PICTURE_MAX_BYTES + 1);

/** A multipart form with one file and text fields, as the browser's FormData sends it. */
export function pictureForm(
  fileField: string | undefined,
  file: { bytes: Buffer; name: string; type: string } | undefined,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (fileField && file)
    form.append(fileField, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}
