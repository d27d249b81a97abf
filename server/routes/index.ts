import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { customerDetail, logout, staffDetail } from "./session.ts";

/** Every API route under /api, grouped the way the specs group the calls. */
export const apiRoutes = new Hono<AppEnv>()
  .route("/management/customer/detail", customerDetail)
  .route("/management/admin/detail", staffDetail)
  .route("/admin/logout", logout);
