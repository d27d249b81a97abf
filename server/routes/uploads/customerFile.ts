import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { noWrite } from "../../audit/pending.ts";
import type { AppEnv } from "../../context.ts";
import { customerUsers, organisations } from "../../db/schema/index.ts";
import { atMost, LINE_MAX } from "../../forms/textLimits.ts";
import {
  confirmUploadAnswer,
  practicePreviewAnswer,
  practiceUploadAnswer,
  refusedUploadAnswer,
} from "../../http/answers/uploads.ts";
import { fieldRefusal, forbidden, invalidToken, notFound } from "../../http/errors.ts";
import { practiceUploadFormExample } from "../../http/examples/requestBodies.ts";
import { practiceUploadExample } from "../../http/examples/years.ts";
import { DUMMY_READ_ONLY, dummyOrganisationOf } from "../../http/middleware/dummyReadOnly.ts";
import { describe } from "../../http/openapi/declare.ts";
import { STORAGE_FULL_REFUSAL } from "../../http/storageFull.ts";
import { ingestPracticeUpload } from "../../ingest/ingest.ts";
import { notify } from "../../live/notify.ts";
import { dataYearMessage, isDataYear } from "../../organisations/yearField.ts";
import {
  filesField,
  filesOnTheWire,
  misplacedParts,
  parseForm,
  practiceIngestResponse,
  uploadedFiles,
  uploadLimits,
  withReceivedUpload,
} from "./multipart.ts";
import { practiceFileNotice } from "./practiceFileNotice.ts";

/** Staff send `files`; the customer's practice profile sends `data_upload` (customer-area.md section 2). */
const PRACTICE_FILE_FIELDS: ReadonlySet<string> = new Set(["files", "data_upload"]);

/** A form's text: `years=2023,2024` or one year per `years` part. */
const yearsText = z.string().max(LINE_MAX, atMost(LINE_MAX));
const yearsField = z
  .union([yearsText, z.array(yearsText).max(50, "must have at most 50 entries")], {
    message: "years is required",
  })
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((entry) => entry.split(",")))
  .pipe(
    z
      .array(
        z
          .string()
          .trim()
          .regex(/^\d{4}$/, "each year must be 4 digits")
          .transform(Number),
      )
      .min(1, "at least one year is required")
      // A year outside the data years would make a year row nobody can use (issue 19). One error
      // for the list, not one per year: years=1000..5999 names the field once.
      .superRefine((years, context) => {
        const outside = years.find((year) => !isDataYear(year));
        if (outside !== undefined) {
          const shown = String(outside).padStart(4, "0");
          context.addIssue({ code: "custom", message: `each year ${dataYearMessage()} (not ${shown})` });
        }
      }),
  );

/** A form flag: "true" or "1" (a checkbox's "on" too); absent is false. */
const flagField = z
  .enum(["true", "false", "1", "0", "on"], { message: "must be true or false (or 1 or 0)" })
  .optional()
  .transform((value) => value === "true" || value === "1" || value === "on");

const practiceFormSchema = z.strictObject({
  files: filesField,
  // Without years: every service year of the file, each switched in as its own version (section 9).
  years: yearsField.optional(),
  skip_invalid: flagField,
  confirm: flagField,
  /** Read the file and answer the years it holds with their lines, loading nothing (the screen's ticks). */
  preview: flagField,
  user: z.uuid({ message: "must be a customer user id (UUID)" }).optional(),
  organization: z.uuid({ message: "must be an organisation id (UUID)" }).optional(),
});

/**
 * POST /api/management/customer/file/: a practice data file. A customer admin uploads for its own
 * organisation only; a staff site admin for any (named by `organization`); assistants, agents and
 * dummy (view-as-customer) mode are refused. Nothing is touched before the caller is cleared.
 */
export const customerFile = new Hono<AppEnv>().post(
  "/",
  describe({
    idempotent: true,
    summary:
      "Upload a practice data file (the organisation's admin, or a staff site admin naming `organization`).",
    tags: ["Uploads"],
    form: {
      media: "multipart/form-data",
      schema: practiceFormSchema.extend({
        files: filesOnTheWire.optional(),
        data_upload: filesOnTheWire
          .optional()
          .meta({ description: "The practice profile's name for `files`: send the files under either." }),
      }),
      example: practiceUploadFormExample,
    },
    answer: {
      description:
        "The years and rows loaded, with the warnings and the rows set aside; with `preview`, the years the file holds and their lines, nothing loaded.",
      schema: z.union([practiceUploadAnswer, practicePreviewAnswer]),
      example: practiceUploadExample,
    },
    refusals: {
      400: {
        description:
          "A form field is refused, or the file is: `errors` names `files`, `report` lists the file's errors.",
        schema: refusedUploadAnswer,
      },
      409: {
        description: "The file would remove more than half of a year: resend with `confirm`.",
        schema: confirmUploadAnswer,
      },
      413: "The upload is larger than its limits.",
      415: "The body is not `multipart/form-data`.",
      507: STORAGE_FULL_REFUSAL,
    },
  }),
  async (c) => {
    const session = c.var.session;
    if (!session) throw invalidToken();
    if (session.kind === "client" && !session.user.isStaff)
      throw forbidden("Only the organisation's admin can upload data.");
    if (session.kind === "admin") {
      if (dummyOrganisationOf(c) !== undefined) {
        throw forbidden(DUMMY_READ_ONLY, "dummy_read_only");
      }
      if (session.staff.role !== "site_admin") throw forbidden("Agents cannot upload data.");
    }
    // The body is streamed to disk only once the caller is cleared; the files go when this ends.
    return withReceivedUpload(
      c,
      async (received, misplaced) => {
        const form = parseForm(practiceFormSchema, received, misplacedParts(misplaced, practiceFormSchema));

        let organisationId: string;
        let uploadedBy: string | undefined;
        let uploadedByStaff: string | undefined;
        if (session.kind === "client") {
          if (form.organization && form.organization !== session.organisation.id) {
            throw forbidden("You can only upload data for your own organisation.");
          }
          organisationId = session.organisation.id;
          uploadedBy = session.user.id;
        } else {
          if (!form.organization) throw fieldRefusal("organization", "is required for staff uploads");
          organisationId = form.organization;
          uploadedByStaff = session.staff.id;
        }
        const { db } = c.var.app.database;
        const [organisation] = await db
          .select({ id: organisations.id })
          .from(organisations)
          .where(eq(organisations.id, organisationId));
        if (!organisation) throw notFound("No such organisation.");
        if (form.user) {
          const [user] = await db
            .select({ id: customerUsers.id })
            .from(customerUsers)
            .where(and(eq(customerUsers.id, form.user), eq(customerUsers.organisationId, organisationId)));
          if (!user) throw fieldRefusal("user", "must be a user of the organisation");
          uploadedBy = user.id;
        }

        const years = [...new Set(form.years ?? [])].sort();
        const result = await ingestPracticeUpload(c.var.app, {
          organisationId,
          years,
          files: uploadedFiles(form.files),
          uploadedBy,
          uploadedByStaff,
          skipInvalid: form.skip_invalid,
          confirm: form.confirm,
          preview: form.preview,
        });
        // A preview reads the file and keeps nothing: there is no write to record.
        if (result.status === "preview") noWrite();
        // A question back to the uploader (409, resend with confirm) or a preview is no news for anyone else.
        if (!form.preview && result.status !== "needs_confirmation" && result.status !== "preview") {
          await notify(
            c.var.app,
            {
              organisationAdmins: organisationId,
              customerUserIds: [uploadedBy],
              staffAccountIds: [uploadedByStaff],
            },
            practiceFileNotice(years, result),
          );
        }
        return practiceIngestResponse(c, result);
      },
      uploadLimits,
      PRACTICE_FILE_FIELDS,
    );
  },
);
