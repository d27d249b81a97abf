import { TrieRouter } from "hono/router/trie-router";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

interface RouteEntry {
  method: string;
  path: string;
}

/**
 * Which methods a path answers, from the app's own routes (middleware, registered for "ALL", and
 * catch-alls such as the web app's `*` are left out): a wrong method on a known path is a 405 with `Allow`, not a 404. Built once, after
 * every route is registered, and only consulted on the way to an error.
 */
export function allowedMethodsOf(routes: readonly RouteEntry[]): (path: string) => string[] {
  const router = new TrieRouter<string>();
  for (const route of routes) {
    if (route.method !== "ALL" && !route.path.endsWith("*"))
      router.add(route.method, route.path, route.method);
  }
  return (path) => {
    const allowed: string[] = METHODS.filter((method) => router.match(method, path)[0].length > 0);
    if (allowed.includes("GET")) allowed.push("HEAD");
    return allowed;
  };
}
