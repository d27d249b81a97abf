/** The answers of data uploads (data-contract.md sections 8, 9): accepted, to confirm, refused. */
import { z } from "zod";
import { errorCodeOf } from "../errorCodes.ts";
import { year } from "./common.ts";

/** A section 9 warning of a data file: what loaded but means less (server/ingest/report.ts). */
export const ingestWarning = z.strictObject({
  code: z.string(),
  table: z.string(),
  column: z.string(),
  count: z.number().int(),
  message: z.string(),
  year: year.optional(),
});
export type IngestWarningAnswer = z.infer<typeof ingestWarning>;
export const tableRead = z.strictObject({ file: z.string(), table: z.string() });

/** A market file loaded (POST /api/services/advisory_board/file/). */
export const marketUploadAnswer = z.strictObject({
  status: z.literal("accepted"),
  years: z.array(year),
  rows: z.number().int(),
});

/** A practice file loaded (POST /api/management/customer/file/). */
export const practiceUploadAnswer = z.strictObject({
  status: z.literal("accepted"),
  years: z.array(year),
  rows: z.number().int(),
  warnings: z.array(ingestWarning),
  tables_read: z.array(tableRead),
  skipped_rows: z.number().int(),
  rejected_rows_url: z.string().nullable(),
});
export type PracticeUploadAnswer = z.infer<typeof practiceUploadAnswer>;

/** `preview`: the years the file holds and their lines, read but not loaded (nothing is kept). */
export const practicePreviewAnswer = z.strictObject({
  status: z.literal("preview"),
  years: z.array(
    z.strictObject({
      year,
      rows: z.number().int().meta({ description: "The file's lines of this year." }),
      current_rows: z
        .number()
        .int()
        .nullable()
        .meta({ description: "The year's lines now; null when it has no accepted data." }),
    }),
  ),
});
export type PracticePreviewAnswer = z.infer<typeof practicePreviewAnswer>;

/** 409: the upload would remove more than half of a year; resend with `confirm`. */
export const confirmUploadAnswer = z.strictObject({
  status: z.literal(409),
  code: errorCodeOf("confirmation_needed"),
  detail: z.string(),
  confirm: z.literal(true),
  years: z.array(year),
});

/** 400 of a refused file: the one error shape (`errors` names `files`) and the whole report. */
export const refusedUploadAnswer = z.strictObject({
  status: z.literal(400),
  code: z.enum(["file_refused", "field_invalid"]).meta({
    description: "`file_refused` with a `report`; `field_invalid` when a form field is refused.",
  }),
  detail: z.string(),
  errors: z.array(z.strictObject({ field: z.string(), message: z.string() })),
  report: z
    .strictObject({
      errors: z.array(
        z.strictObject({ table: z.string(), row: z.number().int(), column: z.string(), reason: z.string() }),
      ),
      total: z.number().int(),
      warnings: z.array(ingestWarning),
      tables_read: z.array(tableRead),
      invalid_rows: z.number().int(),
      can_skip_invalid: z
        .boolean()
        .meta({ description: "Whether `skip_invalid` would load the valid rows." }),
    })
    .optional()
    .meta({ description: "The file's report (absent when a form field is refused)." }),
});
export type RefusedUpload = z.infer<typeof refusedUploadAnswer>;
