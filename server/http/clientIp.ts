import type { Context } from "hono";
import type { AppEnv } from "../context.ts";

/**
 * The caller's address for rate limits. Behind a proxy (TRUST_PROXY=1) the first X-Forwarded-For
 * hop; otherwise the socket address Bun reports.
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.app.config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.requestIP?.(c.req.raw)?.address ?? "local";
}
