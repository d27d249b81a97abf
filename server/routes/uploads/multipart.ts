import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { HttpError, validationError } from "../../http/errors.ts";
import type { IngestResult } from "../../ingest/ingest.ts";
import { defaultLimits } from "../../ingest/limits.ts";
import type { UploadedFile } from "../../ingest/sources/collect.ts";

/** Upload bodies may be as large as the largest accepted file, plus the form's other fields. */
export const uploadBodyLimit = bodyLimit({
  maxSize: defaultLimits.maxFileBytes + 1024 * 1024,
  onError: () => {
    throw new HttpError(413, `Upload too large: the limit is ${defaultLimits.maxFileBytes / 1024 ** 2} MB.`);
  },
});

export const filesField = z
  .array(z.instanceof(File, { message: "must be a file" }), {
    message: "files: at least one file is required",
  })
  .min(1, "at least one file is required");

export const yearField = z
  .string()
  .regex(/^\d{4}$/, "must be a 4-digit year")
  .transform(Number);

/** Reads a multipart form: repeated fields become arrays, single ones stay values. */
export async function readForm(c: Context<AppEnv>) {
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("multipart/form-data"))
    throw new HttpError(415, "Content-Type must be multipart/form-data.");
  const body = await c.req.parseBody({ all: true });
  const files = body.files === undefined ? [] : Array.isArray(body.files) ? body.files : [body.files];
  return { ...body, files };
}

export function parseForm<Schema extends z.ZodType>(schema: Schema, form: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(form);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Writes the received files to a scratch folder under DATA_DIR (generated names only). */
export async function saveReceivedFiles(
  dataDir: string,
  files: File[],
): Promise<{ files: UploadedFile[]; dir: string }> {
  const dir = join(dataDir, "tmp", "received", randomUUID());
  mkdirSync(dir, { recursive: true });
  const saved: UploadedFile[] = [];
  for (const [index, file] of files.entries()) {
    const path = join(dir, `file-${index + 1}`);
    await Bun.write(path, file);
    saved.push({ path, originalName: file.name || `file-${index + 1}` });
  }
  return { files: saved, dir };
}

/** 200 with the accepted years and rows, or 400 with the report of the refused file. */
export function ingestResponse(c: Context<AppEnv>, result: IngestResult) {
  if (result.status === "accepted") {
    return c.json({ status: "accepted", years: result.years, rows: result.rows }, 200);
  }
  const { total } = result.report;
  return c.json(
    {
      status: 400,
      detail: `The file was refused: ${total} error${total === 1 ? "" : "s"} (the first ${result.report.errors.length} are listed).`,
      report: result.report,
    },
    400,
  );
}
