import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/errors.ts";
import { reportApiFailure } from "./sessionExpiry.ts";

/** Client errors (4xx) will not change on retry; network and server errors get two more tries. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: reportApiFailure }),
    mutationCache: new MutationCache({
      onError: reportApiFailure,
      // Every write is a new line in the audit trail: a trail on screen reads it again.
      onSuccess: () => client.invalidateQueries({ queryKey: ["audit-trail"] }),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
  return client;
}
