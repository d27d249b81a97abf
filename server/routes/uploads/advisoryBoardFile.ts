import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { ingestMarketUpload } from "../../ingest/ingest.ts";
import { removeDir } from "../../ingest/storage.ts";
import {
  filesField,
  ingestResponse,
  parseForm,
  readForm,
  saveReceivedFiles,
  uploadBodyLimit,
  yearField,
} from "./multipart.ts";

const marketFormSchema = z.object({
  files: filesField,
  kind: z.enum(["OP", "IP", "DEMO"], { message: "must be OP, IP or DEMO" }),
  year: yearField,
});

/** POST /api/services/advisory_board/file/: a market file (IP, OP or DEMO) of one year; site admins only. */
export const advisoryBoardFile = new Hono<AppEnv>().post(
  "/",
  requireStaff({ siteAdmin: true }),
  uploadBodyLimit,
  async (c) => {
    const form = parseForm(marketFormSchema, await readForm(c));
    const session = c.var.session;
    const received = await saveReceivedFiles(c.var.app.config.dataDir, form.files);
    try {
      const result = await ingestMarketUpload(c.var.app, {
        kind: form.kind,
        year: form.year,
        files: received.files,
        uploadedBy: session?.kind === "admin" ? session.staff.id : undefined,
      });
      return ingestResponse(c, result);
    } finally {
      removeDir(received.dir);
    }
  },
);
