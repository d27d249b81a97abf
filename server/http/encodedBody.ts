/**
 * A JSON answer kept for sending many times (a cached analysis answer), held gzipped only: an
 * answer is 4-10 times smaller gzipped (querie9: 272 kB -> 28 kB), browsers accept gzip, and a kept
 * answer used to hold its text, a Blob copy of it and the parsed object besides (4x the text; 160-200
 * MB of the tenant bench's 500 answers, issue 23). The plain text is made again for the rare client
 * that does not accept gzip, and for the callers that read the answer (exports, reports).
 * (No secret is ever in these answers, so compressing them gives a BREACH-style attack nothing.)
 */
export class EncodedBody {
  /** The JSON text, gzipped (sent as it is to a client that accepts gzip). */
  readonly gzip: Uint8Array<ArrayBuffer>;

  constructor(json: string) {
    this.gzip = Bun.gzipSync(json) as Uint8Array<ArrayBuffer>;
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
