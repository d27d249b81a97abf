/** Django-style double-submit CSRF: the server sets this cookie, unsafe calls echo it in a header. */
export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "X-CSRFToken";

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(";")) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeURIComponent(cookie.slice(prefix.length));
  }
  return undefined;
}

let pendingCookie: Promise<string> | undefined;

/**
 * The CSRF token, asking the server for the cookie first when the browser has none yet (any answer
 * sets it; /api/health is the cheapest). Concurrent callers share one request.
 */
export async function ensureCsrfToken(): Promise<string> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  pendingCookie ??= fetch("/api/health", { credentials: "include" })
    .then(() => {
      const token = readCookie(CSRF_COOKIE);
      if (!token) throw new Error("The server did not set the CSRF cookie: are cookies enabled?");
      return token;
    })
    .finally(() => {
      pendingCookie = undefined;
    });
  return pendingCookie;
}
