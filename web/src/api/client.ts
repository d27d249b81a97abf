import { CSRF_HEADER, ensureCsrfToken } from "./csrf.ts";
import { takeEarlyResponse } from "./earlyRequests.ts";
import { ApiError, type ErrorCode, type FieldError } from "./errors.ts";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export interface RequestOptions<Body = never> {
  method?: HttpMethod;
  /**
   * Sent as JSON, typed by the call's second type argument: a request type of api/requests.ts (the
   * server's own schema). A FormData (`apiRequest<Answer, FormData>`) is sent as multipart
   * (pictures, logos) with its own Content-Type. A call that names no body type can send none.
   */
  body?: Body;
  /** Dummy mode: the organisation a staff session views read-only. */
  dummyOrgId?: string;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a draft saved as the tab closes or reloads). */
  keepalive?: boolean;
}

/** The header that puts a staff request in dummy mode for one organisation. */
export const DUMMY_ORG_HEADER = "X-Dummy-Org";

const SAFE_METHODS = new Set<HttpMethod>(["GET"]);

/**
 * Calls the product's own API: same origin, cookies included (the session cookie is HttpOnly), JSON
 * both ways, the CSRF header on unsafe methods. Any non-2xx answer is thrown as an ApiError.
 */
export async function apiRequest<T, Body = never>(
  path: string,
  options: RequestOptions<Body> = {},
): Promise<T> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json" };
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers["Content-Type"] = "application/json";
  if (!SAFE_METHODS.has(method)) headers[CSRF_HEADER] = await ensureCsrfToken();
  if (options.dummyOrgId) headers[DUMMY_ORG_HEADER] = options.dummyOrgId;

  // The page's first read of this path may have been started with the HTML (earlyRequests.ts);
  // if that one failed, ask again.
  const early = method === "GET" && !options.dummyOrgId ? takeEarlyResponse(path) : undefined;
  let response: Response;
  try {
    response =
      (early && (await early.catch(() => undefined))) ||
      (await fetch(path, {
        method,
        headers,
        credentials: "include",
        body:
          options.body === undefined
            ? undefined
            : multipart
              ? (options.body as FormData)
              : JSON.stringify(options.body),
        signal: options.signal,
        keepalive: options.keepalive,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "The server cannot be reached. Check your connection and try again.");
  }

  const payload = await readJson(response);
  if (!response.ok) throw toApiError(response, payload);
  return payload as T;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy or gateway page instead of our JSON: keep the status, drop the body.
    return undefined;
  }
}

function toApiError(response: Response, payload: unknown): ApiError {
  // An error answer as sent: the error shape's fields, each checked before it is used.
  const body = (payload ?? {}) as Partial<Record<"detail" | "errors" | "code", unknown>>;
  const detail =
    typeof body.detail === "string" && body.detail !== ""
      ? body.detail
      : `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}.`;
  const errors = Array.isArray(body.errors)
    ? body.errors.filter(
        (item): item is FieldError => typeof item?.field === "string" && typeof item?.message === "string",
      )
    : [];
  // The server's code as sent (a client older than the server may meet a code it does not list).
  const code = typeof body.code === "string" ? (body.code as ErrorCode) : undefined;
  return new ApiError(response.status, detail, errors, code);
}
