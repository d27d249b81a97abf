/**
 * An integrator's first call with the API's typed client (docs/api.md, "Your first call in five
 * minutes"): the types are generated from the served document into vitality-api.ts beside this file,
 *
 *   npx openapi-typescript http://localhost:3000/api/openapi.json -o vitality-api.ts
 *
 * and openapi-fetch checks each path, parameter, body and answer against them. A staff account
 * signs in with its username and password; a customer's token comes from the e-mailed sign-in link
 * (`GET /api/services/auth/signin/{token}` answers the same `token`). tests/api/typedClient.test.ts
 * generates the types from a test server's document, type-checks this file and runs it there.
 */
import createClient from "openapi-fetch";
import type { paths } from "./vitality-api.ts";

export async function firstCall(baseUrl: string, username: string, password: string) {
  const api = createClient<paths>({ baseUrl });

  // 1. Every write sends the CSRF pair: the `csrftoken` cookie any answer sets, and its value again
  //    in `X-CSRFToken`.
  const health = await api.GET("/api/health");
  const csrf = /csrftoken=([^;]+)/.exec(health.response.headers.get("set-cookie") ?? "")?.[1] ?? "";
  const csrfPair = { Cookie: `csrftoken=${csrf}`, "X-CSRFToken": csrf };

  // 2. Sign in: the answer's `token` is the session, sent as `Authorization: Token <token>`.
  const signin = await api.POST("/api/management/admin/signin", {
    body: { username, password },
    headers: csrfPair,
  });
  if (!signin.data) throw new Error(`Sign-in refused: ${signin.error?.detail}`);
  const session = { Authorization: `Token ${signin.data.token}` };

  // 3. A read: the staff member's own detail, typed as the document describes it.
  const detail = await api.GET("/api/management/admin/detail", { headers: session });
  if (!detail.data) throw new Error(`Refused: ${detail.error?.detail} (${detail.error?.code})`);
  return { username: detail.data.profile.username, permissions: detail.data.permissions.length };
}
