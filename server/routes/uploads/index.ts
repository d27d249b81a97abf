import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import { advisoryBoardFile } from "./advisoryBoardFile.ts";
import { customerFile } from "./customerFile.ts";
import { rejectedRowsRoutes } from "./rejectedRows.ts";

/** The upload calls, mounted at /api: `.route("/", uploadRoutes)` in server/routes/index.ts. */
export const uploadRoutes = new Hono<AppEnv>()
  .route("/management/customer/file/rejected", rejectedRowsRoutes)
  .route("/management/customer/file", customerFile)
  .route("/services/advisory_board/file", advisoryBoardFile);
