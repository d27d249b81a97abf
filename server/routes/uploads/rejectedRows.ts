import { existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { practiceUploads } from "../../db/schema/index.ts";
import { parseParam } from "../../http/body.ts";
import { invalidToken, notFound } from "../../http/errors.ts";
import { describe } from "../../http/openapi/declare.ts";
import { warehousePaths } from "../../ingest/storage.ts";

const uploadIdParam = z.uuid({ message: "must be an upload id (UUID)" });

/**
 * GET /api/management/customer/file/rejected/{uploadId}/: the rows an upload set aside on request
 * (skip_invalid), with their reasons, as CSV. A customer reads its own organisation's only (any
 * other id is 404, as if it did not exist); staff read any.
 */
export const rejectedRowsRoutes = new Hono<AppEnv>().get(
  "/:id",
  describe({
    summary: "The rows set aside from an upload, as CSV.",
    tags: ["Uploads"],
    answer: {
      description: "The rows set aside, with their reasons, as a CSV file.",
      media: "text/csv",
      schema: z.string(),
      example: "line,reason,cpt,zipcode\n12,no CPT code,,62701\n",
    },
  }),
  async (c) => {
    const session = c.var.session;
    if (!session) throw invalidToken();
    const id = parseParam(uploadIdParam, c.req.param("id"), "id");
    const { db } = c.var.app.database;
    const [upload] = await db
      .select({
        organisationId: practiceUploads.organisationId,
        rejectedRowsName: practiceUploads.rejectedRowsName,
        originalName: practiceUploads.originalName,
      })
      .from(practiceUploads)
      .where(eq(practiceUploads.id, id));
    const ownOrganisation = session.kind === "admin" || upload?.organisationId === session.organisation.id;
    if (!upload || !ownOrganisation || !upload.rejectedRowsName)
      throw notFound("No rows were set aside by this upload.");
    const path = warehousePaths.rejectedRows(
      c.var.app.config.dataDir,
      upload.organisationId,
      upload.rejectedRowsName,
    );
    if (!existsSync(path)) throw notFound("No rows were set aside by this upload.");
    const name = `${upload.originalName.replace(/\.[^.]*$/, "").replace(/[^A-Za-z0-9._-]+/g, "_")}-rejected-rows.csv`;
    return new Response(Bun.file(path), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
);
