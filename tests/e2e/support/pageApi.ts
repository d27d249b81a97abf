import type { Page } from "playwright-core";

export interface PageApiAnswer {
  status: number;
  /** The parsed JSON answer, or null when the answer is not JSON. */
  body: unknown;
}

/**
 * One API call from inside the page, with its session cookie and the CSRF token echoed from the
 * csrftoken cookie, as the web app makes it: what a test does through the API, not the screen.
 */
export function pageApi(page: Page, method: string, path: string, body: unknown): Promise<PageApiAnswer> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/)?.[1] ?? "";
      const response = await fetch(path, {
        method,
        credentials: "include",
        headers: { "Content-Type": "application/json", "X-CSRFToken": decodeURIComponent(csrf) },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      return { status: response.status, body: parsed };
    },
    { method, path, body },
  );
}
