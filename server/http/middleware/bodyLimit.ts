import type { MiddlewareHandler } from "hono";
import { bodyLimit as streamingBodyLimit } from "hono/body-limit";
import type { AppEnv } from "../../context.ts";
import { HttpError } from "../errors.ts";

/**
 * Refuses request bodies above `maxSize` bytes with 413. A body that declares its length
 * (Content-Length, no Transfer-Encoding: what browsers and API clients send) is judged by the
 * header alone, as Hono's bodyLimit does, but without touching the request's body stream first:
 * reading `request.body` turns the body into a ReadableStream, which made every later read of a
 * small JSON body slower. A body of undeclared length goes through Hono's bodyLimit, which counts
 * the bytes as they arrive.
 */
const DIGITS = /^\d{1,15}$/;

export function bodyLimit(maxSize: number): MiddlewareHandler<AppEnv> {
  const tooLarge = () => new HttpError(413, `Request body too large: the limit is ${maxSize / 1024} KB.`);
  const streaming = streamingBodyLimit({
    maxSize,
    onError: () => {
      throw tooLarge();
    },
  });
  return (c, next) => {
    const headers = c.req.raw.headers;
    const declared = headers.get("content-length");
    if (declared !== null && DIGITS.test(declared) && !headers.has("transfer-encoding")) {
      if (Number(declared) > maxSize) throw tooLarge();
      return next();
    }
    return streaming(c, next);
  };
}
