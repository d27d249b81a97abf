import { HttpError } from "./errors.ts";

/**
 * A client that stops sending its body (a closed tab, a dropped connection) makes the body read
 * fail once the server's idle timeout closes the connection. That is the client's doing, not a
 * server error: it is answered 408 (nobody is left to read it) and logged as information, so the
 * error log and the 5xx count hold only our own faults.
 */
export function abandonedRequest(error: unknown, request: Request): HttpError | undefined {
  const aborted = request.signal.aborted || (error instanceof Error && error.name === "AbortError");
  return aborted ? new HttpError(408, "The request did not arrive in full.") : undefined;
}
