import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { marketUploadAnswer, refusedUploadAnswer } from "../../http/answers/uploads.ts";
import { marketUploadFormExample } from "../../http/examples/requestBodies.ts";
import { marketUploadExample } from "../../http/examples/years.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { STORAGE_FULL_REFUSAL } from "../../http/storageFull.ts";
import { ingestMarketUpload } from "../../ingest/ingest.ts";
import {
  filesField,
  filesOnTheWire,
  ingestResponse,
  misplacedParts,
  parseForm,
  uploadedFiles,
  withReceivedUpload,
  yearField,
} from "./multipart.ts";

export const marketFormSchema = z.strictObject({
  files: filesField,
  kind: z.enum(["OP", "IP", "DEMO"], { message: "must be OP, IP or DEMO" }),
  year: yearField,
});

/** POST /api/services/advisory_board/file/: a market file (IP, OP or DEMO) of one year; site admins only. */
export const advisoryBoardFile = new Hono<AppEnv>().post(
  "/",
  requireStaff({ siteAdmin: true }),
  describe({
    idempotent: true,
    summary: "Upload a market file (IP, OP or DEMO) of one year (site admins only).",
    tags: ["Uploads"],
    form: {
      media: "multipart/form-data",
      schema: marketFormSchema.extend({ files: filesOnTheWire }),
      example: marketUploadFormExample,
    },
    answer: {
      description: "The years and rows loaded.",
      schema: marketUploadAnswer,
      example: marketUploadExample,
    },
    refusals: {
      400: {
        description:
          "A form field is refused, or the file is: `errors` names `files`, `report` lists the file's errors.",
        schema: refusedUploadAnswer,
      },
      413: "The upload is larger than its limits.",
      415: "The body is not `multipart/form-data`.",
      507: STORAGE_FULL_REFUSAL,
    },
  }),
  (c) =>
    // Streamed to disk once the caller is cleared; the received files go when this ends.
    withReceivedUpload(c, async (received, misplaced) => {
      const form = parseForm(marketFormSchema, received, misplacedParts(misplaced, marketFormSchema));
      const session = c.var.session;
      const result = await ingestMarketUpload(c.var.app, {
        kind: form.kind,
        year: form.year,
        files: uploadedFiles(form.files),
        uploadedBy: session?.kind === "admin" ? session.staff.id : undefined,
      });
      return ingestResponse(c, result);
    }),
);
