import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { HttpError } from "../../http/errors.ts";
import { fieldText } from "../../http/textSafety.ts";

/**
 * An incremental multipart/form-data reader (RFC 7578): the request body is read chunk by chunk
 * and each file part is written to disk as it arrives, so memory stays flat whatever the size of
 * the upload. Limits are checked on every chunk: the upload is refused (413) the moment one is
 * passed, and the caller removes the folder (with the partial file).
 */
export interface MultipartLimits {
  /** The whole body (files, fields, part headers). */
  maxBodyBytes: number;
  /** One file part. */
  maxFileBytes: number;
  maxFiles: number;
  maxFields: number;
  /** One text field's value. */
  maxFieldBytes: number;
  /** One part's header block. */
  maxHeaderBytes: number;
}

export interface ReceivedFile {
  /** The form field it came in. */
  field: string;
  /** Where it was written: <dir>/file-<n>, a generated name. */
  path: string;
  /** The name the user's browser gave (metadata only, never a path). */
  originalName: string;
  bytes: number;
}

export interface ReceivedForm {
  /** Text fields: a name sent once is a string, a repeated name an array (as FormData reads). */
  fields: Record<string, string | string[]>;
  files: ReceivedFile[];
  /** The names of file parts sent under a name that takes no file (read and dropped): refused by name. */
  strayFiles: string[];
}

/** A form whose bytes do not follow multipart/form-data. */
const malformedMultipart = (words: string) =>
  new HttpError(400, `Malformed multipart body: ${words}`).withCode("malformed_body");

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/** The boundary of a multipart/form-data Content-Type, or undefined. */
export function boundaryOf(contentType: string): string | undefined {
  if (!/^\s*multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** A header parameter (`name="files"`, `filename="a.csv"`): quoted strings may escape with backslash. */
function parameter(header: string, name: string): string | undefined {
  const pattern = new RegExp(`;\\s*${name}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, "i");
  const match = pattern.exec(header);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : match[2];
}

/** Browsers write `"`, CR and LF of a file name as %22, %0D, %0A (WHATWG multipart encoding). */
const browserName = (name: string) => name.replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");

function parseHeaders(block: Buffer) {
  const lines = block.toString("utf8").split("\r\n");
  const disposition = lines.find((line) => /^content-disposition\s*:/i.test(line));
  if (!disposition || !/:\s*form-data\b/i.test(disposition))
    throw malformedMultipart("a part has no Content-Disposition: form-data.");
  const name = parameter(disposition, "name");
  if (name === undefined) throw malformedMultipart("a part has no field name.");
  const filename = parameter(disposition, "filename");
  return { name, filename: filename === undefined ? undefined : browserName(filename) };
}

type Part =
  | { kind: "file"; file: ReceivedFile; fd: number }
  | { kind: "field"; name: string; chunks: Buffer[]; bytes: number }
  | { kind: "skipped" };

/**
 * Reads a multipart body into `dir` (which must exist). Parts named in `fileFields` that carry a
 * filename are written as files; other file parts are read and dropped, their names kept in
 * `strayFiles` so the form can refuse them by name.
 */
export async function receiveMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  dir: string,
  limits: MultipartLimits,
  fileFields: ReadonlySet<string> = new Set(["files"]),
): Promise<ReceivedForm> {
  // Every delimiter, the first too, is CRLF "--" boundary: the body is read as if it began with CRLF.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // No prototype: a part named __proto__ is then a field like any other, refused by name by the
  // form's parse (textSafety.ts), not a prototype set on this object.
  const fields: Record<string, string | string[]> = Object.create(null);
  const files: ReceivedFile[] = [];
  const strayFiles: string[] = [];
  let fieldCount = 0;
  let state = "preamble" as "preamble" | "afterDelimiter" | "headers" | "body" | "end";
  let pending: Buffer = Buffer.from(CRLF);
  let total = 0;
  let part: Part | undefined;

  const tooLarge = (what: string, limit: number) =>
    new HttpError(413, `Upload too large: ${what} is limited to ${Math.floor(limit / 1024 ** 2)} MB.`);

  function startPart(headers: Buffer): Part {
    const { name, filename } = parseHeaders(headers);
    if (filename !== undefined) {
      if (!fileFields.has(name)) {
        if (!strayFiles.includes(name)) strayFiles.push(name);
        return { kind: "skipped" };
      }
      if (files.length >= limits.maxFiles)
        throw new HttpError(413, `Upload too large: at most ${limits.maxFiles} files.`);
      const path = join(dir, `file-${files.length + 1}`);
      const file = { field: name, path, originalName: filename, bytes: 0 };
      files.push(file);
      return { kind: "file", file, fd: openSync(path, "w") };
    }
    fieldCount += 1;
    if (fieldCount > limits.maxFields)
      throw new HttpError(413, `Upload too large: at most ${limits.maxFields} form fields.`);
    return { kind: "field", name, chunks: [], bytes: 0 };
  }

  function partData(data: Buffer) {
    if (!part || data.length === 0) return;
    if (part.kind === "file") {
      part.file.bytes += data.length;
      if (part.file.bytes > limits.maxFileBytes) throw tooLarge("one file", limits.maxFileBytes);
      // A synchronous write of one chunk (to the page cache) is short, and keeps memory flat: Bun's
      // asynchronous FileHandle.write kept every written chunk alive until a GC, which in a busy
      // server came late (RSS grew by twice the upload's size).
      writeSync(part.fd, data);
    } else if (part.kind === "field") {
      part.bytes += data.length;
      if (part.bytes > limits.maxFieldBytes)
        throw new HttpError(413, `Form field ${part.name} is longer than ${limits.maxFieldBytes} bytes.`);
      part.chunks.push(Buffer.from(data));
    }
  }

  function endPart() {
    if (part?.kind === "file") closeSync(part.fd);
    if (part?.kind === "field") {
      // Decoded strictly: a lenient decode stored U+FFFD in place of what the user typed.
      const value = fieldText(Buffer.concat(part.chunks), part.name);
      const previous = fields[part.name];
      fields[part.name] =
        previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
    }
    part = undefined;
  }

  /** Consumes what `pending` allows; returns when more bytes are needed. */
  function advance() {
    for (;;) {
      if (state === "preamble" || state === "body") {
        const at = pending.indexOf(delimiter);
        if (at < 0) {
          // Keep the tail that could be the start of a delimiter split across chunks.
          const keep = Math.min(pending.length, delimiter.length - 1);
          if (state === "body") partData(pending.subarray(0, pending.length - keep));
          pending = pending.subarray(pending.length - keep);
          return;
        }
        if (state === "body") {
          partData(pending.subarray(0, at));
          endPart();
        }
        pending = pending.subarray(at + delimiter.length);
        state = "afterDelimiter";
      } else if (state === "afterDelimiter") {
        if (pending.length < 2) return;
        if (pending[0] === 0x2d && pending[1] === 0x2d) {
          state = "end";
          return;
        }
        // Transport padding (spaces or tabs) may follow the boundary before its CRLF.
        const lineEnd = pending.indexOf(CRLF);
        if (lineEnd < 0) {
          if (pending.length > 256) throw malformedMultipart("bad boundary line.");
          return;
        }
        if (pending.subarray(0, lineEnd).some((byte) => byte !== 0x20 && byte !== 0x09))
          throw malformedMultipart("bad boundary line.");
        pending = pending.subarray(lineEnd + 2);
        state = "headers";
      } else if (state === "headers") {
        const at = pending.indexOf(HEADER_END);
        if (at < 0) {
          if (pending.length > limits.maxHeaderBytes)
            throw new HttpError(413, "Upload refused: a part's headers are too long.");
          return;
        }
        part = startPart(pending.subarray(0, at));
        pending = pending.subarray(at + HEADER_END.length);
        state = "body";
      } else {
        pending = Buffer.alloc(0);
        return;
      }
    }
  }

  /**
   * Takes one chunk without copying it: inside a part only the few bytes that could begin a
   * delimiter are carried over to the next chunk (copied), so a large file costs no allocation per
   * chunk (garbage a busy server might collect late).
   */
  function feed(chunk: Buffer) {
    if (
      pending.length > 0 &&
      chunk.length >= delimiter.length &&
      (state === "body" || state === "preamble")
    ) {
      // `pending` is a tail shorter than the delimiter: look for a delimiter that starts in it
      // (the chunk is long enough to finish any such delimiter).
      const window = Buffer.concat([pending, chunk.subarray(0, delimiter.length - 1)]);
      const at = window.indexOf(delimiter);
      if (at >= 0 && at < pending.length) {
        if (state === "body") {
          partData(pending.subarray(0, at));
          endPart();
        }
        state = "afterDelimiter";
        pending = chunk.subarray(at + delimiter.length - pending.length);
      } else {
        if (state === "body") partData(pending);
        pending = chunk;
      }
    } else {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    }
    advance();
    // What is left (a delimiter's worth, or an unfinished header block) is copied: the chunk's
    // memory belongs to the stream.
    pending = Buffer.from(pending);
  }

  const reader = body.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      total += next.value.length;
      if (total > limits.maxBodyBytes) throw tooLarge("an upload", limits.maxBodyBytes);
      if (state === "end") continue;
      feed(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength));
    }
    if (state !== "end") throw malformedMultipart("it ends before its last boundary.");
    return { fields, files, strayFiles };
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  } finally {
    if (part?.kind === "file") closeSync(part.fd);
  }
}
