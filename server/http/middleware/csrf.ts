import type { MiddlewareHandler } from "hono";
import { setCookie } from "hono/cookie";
import { constantTimeEqual, newToken } from "../../auth/tokens.ts";
import type { AppEnv } from "../../context.ts";
import { requestCookie } from "../cookies.ts";
import { forbidden } from "../errors.ts";

export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "X-CSRFToken";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);
/**
 * Calls whose credential is a signed token in the path, posted by mail programs without cookies
 * (RFC 8058 one-click unsubscribe): nothing for a forged request to ride on.
 */
export const TOKEN_POSTS = /^\/api\/reports\/unsubscribe\/[^/]+\/?$/;

/** How many csrftoken cookies the request carries (the Cookie header may name one twice). */
const csrfCookieCount = (cookieHeader: string | undefined) =>
  cookieHeader?.match(/(?:^|;)\s*csrftoken\s*=/g)?.length ?? 0;

/**
 * Double-submit CSRF as Django did it, so existing clients keep working: any response to a request
 * without a csrftoken cookie sets one (readable by scripts), and every unsafe method must echo the
 * cookie's value in X-CSRFToken.
 */
export function csrf(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cookieValue = requestCookie(c, CSRF_COOKIE);
    if (!SAFE_METHODS.has(c.req.method) && !TOKEN_POSTS.test(c.req.path)) {
      const headerValue = c.req.header(CSRF_HEADER);
      if (!cookieValue) throw forbidden("CSRF Failed: CSRF cookie not set.", "csrf_failed");
      // A second cookie of the name (one tossed in from a sibling subdomain, say) is refused: which
      // one is read depends on the parser, so a check that passes on the first proves nothing.
      if (csrfCookieCount(c.req.header("cookie")) > 1)
        throw forbidden("CSRF Failed: more than one CSRF cookie was sent.", "csrf_failed");
      if (!headerValue || !constantTimeEqual(cookieValue, headerValue)) {
        throw forbidden("CSRF Failed: CSRF token missing or incorrect.", "csrf_failed");
      }
    }
    await next();
    if (!cookieValue) {
      setCookie(c, CSRF_COOKIE, newToken(), {
        path: "/",
        sameSite: "Lax",
        secure: c.get("app").config.secure,
        maxAge: 365 * 24 * 3600,
      });
    }
  };
}
