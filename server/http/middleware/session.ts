import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { currentSession } from "../../auth/sessions.ts";
import type { AppEnv } from "../../context.ts";
import { requestCookie } from "../cookies.ts";

export const SESSION_COOKIE = "token";

/** The token a request carries: the HttpOnly cookie, or `Authorization: Token <token>` for API clients. */
function tokenOf(c: Context<AppEnv>): string | undefined {
  const header = c.req.header("authorization");
  if (header) {
    const match = /^Token\s+(\S+)$/i.exec(header);
    if (match) return match[1];
  }
  return requestCookie(c, SESSION_COOKIE);
}

/** Resolves the session once per request into c.var.session (null when anonymous or invalid). */
export function loadSession(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = tokenOf(c);
    const app = c.get("app");
    // Cached in process for a few seconds, dropped at once by any revoke (sessions.ts).
    c.set("session", token ? await currentSession(app, token, app.clock.now()) : null);
    await next();
  };
}

export function setSessionCookie(c: Context<AppEnv>, token: string, maxAge: number) {
  setCookie(c, SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: c.var.app.config.secure,
    maxAge,
  });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: "/" });
}
