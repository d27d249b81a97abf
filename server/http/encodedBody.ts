import type { Context } from "hono";

/**
 * A JSON answer kept for sending many times (a cached analysis answer, the manifest), held
 * compressed only, with zstd: an answer is 4-10 times smaller compressed (querie9: 272 kB -> 28 kB),
 * and a kept answer used to hold its text, a Blob copy of it and the parsed object besides (4x the
 * text; 160-200 MB of the tenant bench's 500 answers, issue 23). Chromium's browsers and Firefox
 * accept zstd (Chromium sends `gzip, deflate, br, zstd`, on plain HTTP too), so to them the kept
 * bytes go out as they are; a client that accepts gzip only gets them gzipped on its request, and
 * the rare one that accepts neither gets the text (both made per send: no second copy is kept, so
 * the cache's byte bound counts what it holds). (No secret is ever in these answers, so
 * compressing them gives a BREACH-style attack nothing.)
 */
/**
 * zstd level 2: an uncached answer is compressed once on its request's path, where gzip (libdeflate
 * level 4) was the largest step after the kernel, a sixth of the server's JavaScript time in the
 * tenant bench. Over eleven answers of the 500-organisation market (4.1 MB of JSON, 2026-11-30):
 * libdeflate 4 22.6 ms of CPU, 660 kB; zstd 2 8.3 ms, 644 kB; zstd 1 7.7 ms, 679 kB; zstd 3 9.2 ms,
 * 604 kB.
 */
const ZSTD = { level: 2 } as const;
/** For the clients that accept gzip and not zstd: libdeflate 4, cheaper than zlib's 6 by a third. */
const GZIP = { library: "libdeflate", level: 4 } as const;

/** A text compressed as one zstd frame (a body's frames are read one after the other as one text). */
export const zstdFrame = (text: string) => Bun.zstdCompressSync(text, ZSTD) as Uint8Array<ArrayBuffer>;

/**
 * A JSON text in parts, in order: texts, and frames (zstdFrame) of values many answers carry,
 * compressed once (engine/sharedJson.ts).
 */
export type JsonParts = Array<string | Uint8Array>;

/** The parts' frames one after the other: each run of texts compressed, each frame as it is. */
function framesOf(parts: JsonParts): Uint8Array<ArrayBuffer> {
  const frames: Uint8Array[] = [];
  let text = "";
  for (const part of parts)
    if (typeof part === "string") text += part;
    else {
      if (text) frames.push(zstdFrame(text));
      frames.push(part);
      text = "";
    }
  if (text || frames.length === 0) frames.push(zstdFrame(text));
  return frames.length === 1
    ? (frames[0] as Uint8Array<ArrayBuffer>)
    : new Uint8Array(Bun.concatArrayBuffers(frames));
}

export class EncodedBody {
  /**
   * The JSON text, compressed with zstd (sent as it is to a client that accepts zstd): one frame,
   * or several read one after the other as one text (RFC 8878 section 3.1: a shared value's frame
   * compressed once between the answer's own).
   */
  readonly zstd: Uint8Array<ArrayBuffer>;

  constructor(json: string | JsonParts) {
    this.zstd = typeof json === "string" ? zstdFrame(json) : framesOf(json);
  }

  /** The bytes held. */
  get byteLength() {
    return this.zstd.byteLength;
  }

  /** The JSON text's bytes (UTF-8), decompressed on each call. */
  identity(): Uint8Array<ArrayBuffer> {
    return Bun.zstdDecompressSync(this.zstd) as Uint8Array<ArrayBuffer>;
  }

  /** The JSON text gzipped, compressed on each call. */
  gzip(): Uint8Array<ArrayBuffer> {
    return Bun.gzipSync(this.identity(), GZIP) as Uint8Array<ArrayBuffer>;
  }

  /** The JSON text. */
  text(): string {
    return new TextDecoder().decode(this.identity());
  }
}

const JSON_HEADERS = { "Content-Type": "application/json", Vary: "Accept-Encoding" };
const HEADERS_OF: Record<Encoding, Record<string, string>> = {
  zstd: { ...JSON_HEADERS, "Content-Encoding": "zstd" },
  gzip: { ...JSON_HEADERS, "Content-Encoding": "gzip" },
  identity: JSON_HEADERS,
};

/**
 * A kept JSON answer as sent: its zstd bytes as they are to a client that accepts zstd (not
 * serialised or compressed again per request), gzipped for one that accepts gzip only, plain for
 * one that accepts neither.
 */
export function sendEncoded(c: Context, body: EncodedBody) {
  const encoding = preferredEncoding(c.req.header("accept-encoding"));
  const bytes = encoding === "zstd" ? body.zstd : encoding === "gzip" ? body.gzip() : body.identity();
  return c.body(bytes, 200, HEADERS_OF[encoding]);
}

export type Encoding = "zstd" | "gzip" | "identity";

let lastHeader: string | undefined;
let lastAnswer: Encoding = "identity";

/**
 * The encoding an Accept-Encoding header asks for (RFC 9110: a coding named or `*`, with a q above
 * 0): zstd unless gzip is named with a higher q, then gzip, else the plain text. A client repeats
 * the same header, so the last answer is remembered.
 */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  if (header === lastHeader) return lastAnswer;
  const named = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [coding = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    named.set(
      coding === "x-gzip" ? "gzip" : coding,
      quality === undefined ? 1 : Number(quality.slice(2)) || 0,
    );
  }
  const any = named.get("*") ?? 0;
  const zstd = named.get("zstd") ?? any;
  const gzip = named.get("gzip") ?? any;
  lastHeader = header;
  lastAnswer = zstd > 0 && zstd >= gzip ? "zstd" : gzip > 0 ? "gzip" : "identity";
  return lastAnswer;
}
