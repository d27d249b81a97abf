/** Something that answers fetch requests: the Hono app in API tests, or a live server in E2E. */
interface Fetcher {
  fetch(request: Request): Response | Promise<Response>;
}

/**
 * A test client with a cookie jar that behaves like the web app: it keeps the csrftoken and token
 * cookies and echoes the CSRF cookie in X-CSRFToken on unsafe methods (unless told not to).
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  csrf = true;

  constructor(
    private readonly target: Fetcher,
    private readonly ip = "203.0.113.10",
    private readonly base = "http://localhost:3000",
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const all: Record<string, string> = { "x-forwarded-for": this.ip, ...headers };
    if (this.cookies.size > 0) {
      all.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    if (this.csrf && !["GET", "HEAD"].includes(method) && this.cookies.has("csrftoken")) {
      all["x-csrftoken"] ??= this.cookies.get("csrftoken")!;
    }
    let payload: BodyInit | undefined;
    if (body instanceof FormData || typeof body === "string") payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      all["content-type"] ??= "application/json";
    }
    const response = await this.target.fetch(
      new Request(`${this.base}${path}`, { method, headers: all, body: payload }),
    );
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const [name = "", ...rest] = pair.split("=");
      const value = rest.join("=");
      const expired = attributes.some(
        (a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert on them
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text, headers: response.headers };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request("GET", path, undefined, headers);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request("POST", path, body, headers);
  }
  patch(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request("PATCH", path, body, headers);
  }
  delete(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request("DELETE", path, body, headers);
  }
  /** Visits a page first, as a browser would, so the CSRF cookie is set. */
  async prime() {
    await this.get("/api/health");
    return this;
  }
}
