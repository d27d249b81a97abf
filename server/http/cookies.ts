import type { Context } from "hono";
import { getCookie } from "hono/cookie";

/** Each request's cookies, parsed once (CSRF and the session both read them). */
const parsedCookies = new WeakMap<Request, Record<string, string>>();

/** A cookie of the request (parsed as Hono's getCookie does, once per request). */
export function requestCookie(c: Context, name: string): string | undefined {
  const request = c.req.raw;
  let cookies = parsedCookies.get(request);
  if (!cookies) {
    cookies = getCookie(c);
    parsedCookies.set(request, cookies);
  }
  return cookies[name];
}
