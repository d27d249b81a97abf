import type { Context } from "hono";

/**
 * A JSON answer kept for sending many times (a cached analysis answer), held gzipped only: an
 * answer is 4-10 times smaller gzipped (querie9: 272 kB -> 28 kB), browsers accept gzip, and a kept
 * answer used to hold its text, a Blob copy of it and the parsed object besides (4x the text; 160-200
 * MB of the tenant bench's 500 answers, issue 23). The plain text is made again for the rare client
 * that does not accept gzip, and for the callers that read the answer (exports, reports).
 * (No secret is ever in these answers, so compressing them gives a BREACH-style attack nothing.)
 */
/**
 * libdeflate at level 4, not zlib's default 6: an uncached answer is compressed once on its request's
 * path, where zlib 6 was the largest step after the kernel. Over the bench's 1m answers (2026-11-29):
 * querie1 92 kB 1.14 -> 0.83 ms, 15.7 -> 16.5 kB; querie5 1.33 -> 0.73 ms, 15.8 -> 15.8 kB;
 * querie9 271 kB 3.17 -> 2.08 ms, 27.8 -> 31.9 kB; the small answers 3-5% larger.
 */
const GZIP = { library: "libdeflate", level: 4 } as const;

export class EncodedBody {
  /** The JSON text, gzipped (sent as it is to a client that accepts gzip). */
  readonly gzip: Uint8Array<ArrayBuffer>;

  constructor(json: string) {
    this.gzip = Bun.gzipSync(json, GZIP) as Uint8Array<ArrayBuffer>;
  }

  /** The JSON text's bytes (UTF-8), decompressed on each call. */
  identity(): Uint8Array<ArrayBuffer> {
    return Bun.gunzipSync(this.gzip) as Uint8Array<ArrayBuffer>;
  }

  /** The JSON text. */
  text(): string {
    return new TextDecoder().decode(this.identity());
  }
}

const JSON_HEADERS = { "Content-Type": "application/json", Vary: "Accept-Encoding" };
const GZIP_JSON_HEADERS = { ...JSON_HEADERS, "Content-Encoding": "gzip" };

/**
 * A kept JSON answer as sent: its gzipped bytes as they are to a client that accepts gzip (not
 * serialised or compressed again per request), decompressed for one that does not.
 */
export function sendEncoded(c: Context, body: EncodedBody) {
  const gzip = acceptsGzip(c.req.header("accept-encoding"));
  return c.body(gzip ? body.gzip : body.identity(), 200, gzip ? GZIP_JSON_HEADERS : JSON_HEADERS);
}

let lastHeader: string | undefined;
let lastAnswer = false;

/**
 * Whether an Accept-Encoding header accepts gzip (RFC 9110: `gzip` or `*`, with a q above 0). A
 * client repeats the same header, so the last answer is remembered.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  if (header === lastHeader) return lastAnswer;
  let named: boolean | undefined;
  let any: boolean | undefined;
  for (const part of header.toLowerCase().split(",")) {
    const [coding = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    const accepted = quality === undefined || Number(quality.slice(2)) > 0;
    if (coding === "gzip" || coding === "x-gzip") named = accepted;
    else if (coding === "*") any = accepted;
  }
  lastHeader = header;
  lastAnswer = named ?? any ?? false;
  return lastAnswer;
}
