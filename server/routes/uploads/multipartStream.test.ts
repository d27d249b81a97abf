import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { HttpError } from "../../http/errors.ts";
import { uploadLimits, withReceivedUpload } from "./multipart.ts";
import { boundaryOf, type MultipartLimits, receiveMultipart } from "./multipartStream.ts";

const root = mkdtempSync(join(tmpdir(), "vitality-multipart-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const newDir = () => {
  const dir = join(root, `d${++folders}`);
  mkdirSync(dir);
  return dir;
};

const BOUNDARY = "----vitalityBoundary7MA4YWxk";
const limits: MultipartLimits = { ...uploadLimits, maxBodyBytes: 1024 ** 3, maxFileBytes: 1024 ** 3 };

/** A multipart body written by hand (what a browser sends for this form). */
function body(parts: { name: string; filename?: string; content: string | Buffer }[], boundary = BOUNDARY) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? "" : `; filename="${part.filename}"`;
    const type = part.filename === undefined ? "" : "\r\nContent-Type: text/csv";
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.from(part.content));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A stream of the bytes cut into pieces of the given sizes (cycled). */
function streamOf(bytes: Buffer, sizes: number[]) {
  let offset = 0;
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      const size = sizes[index++ % sizes.length]!;
      controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + size)));
      offset += size;
    },
  });
}

// File content that looks like delimiters without being one: CRLF, dashes, a boundary prefix.
const tricky = `a,b\r\n--${BOUNDARY.slice(0, 10)}\r\n\r\n--\r\n-${BOUNDARY}x\r\n`;
const sample = body([
  { name: "kind", content: "IP" },
  { name: "files", filename: "market ip.csv", content: tricky },
  { name: "years", content: "2023" },
  { name: "years", content: "2024" },
  // A browser writes a quote in a file name as %22; other clients escape it with a backslash.
  { name: "files", filename: "say %22hi%22 ü.csv", content: "" },
  { name: "files", filename: 'it\\"s.csv', content: "1" },
  { name: "note", content: "x".repeat(1000) },
]);

describe("streaming multipart reader", () => {
  test("the boundary is read from the Content-Type, quoted or not", () => {
    expect(boundaryOf(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(boundaryOf("application/json")).toBeUndefined();
    expect(boundaryOf("multipart/form-data")).toBeUndefined();
  });

  // Cut at every size from 1 byte up (and uneven mixes): a delimiter split across chunks is still found.
  for (const sizes of [[1], [2], [3], [7], [13, 1, 64], [4096]]) {
    test(`fields and files come out the same whatever the chunking (${sizes.join(",")})`, async () => {
      const dir = newDir();
      const form = await receiveMultipart(streamOf(sample, sizes), BOUNDARY, dir, limits);
      expect(form.fields).toEqual({ kind: "IP", years: ["2023", "2024"], note: "x".repeat(1000) });
      expect(form.files.map(({ originalName, bytes, field }) => ({ originalName, bytes, field }))).toEqual([
        { originalName: "market ip.csv", bytes: Buffer.byteLength(tricky), field: "files" },
        { originalName: 'say "hi" ü.csv', bytes: 0, field: "files" },
        { originalName: 'it"s.csv', bytes: 1, field: "files" },
      ]);
      expect(readFileSync(form.files[0]!.path, "utf8")).toBe(tricky);
      // Generated names only: the user's name never becomes a path.
      expect(readdirSync(dir).sort()).toEqual(["file-1", "file-2", "file-3"]);
    });
  }

  test("a file under another field name is read and dropped, its name kept for the refusal", async () => {
    const dir = newDir();
    const bytes = body([{ name: "other", filename: "x.csv", content: "1,2" }]);
    const form = await receiveMultipart(streamOf(bytes, [5]), BOUNDARY, dir, limits);
    expect(form).toEqual({ fields: {}, files: [], strayFiles: ["other"] });
    expect(readdirSync(dir)).toEqual([]);
  });

  test("a body cut before its closing boundary is refused (400)", async () => {
    const bytes = body([{ name: "files", filename: "a.csv", content: "a,b" }]);
    const cut = bytes.subarray(0, bytes.length - 10);
    const refusal = receiveMultipart(streamOf(cut, [100]), BOUNDARY, newDir(), limits);
    expect(refusal).rejects.toMatchObject({ status: 400 });
  });

  test("too many fields, a field too long and too many files are refused (413)", async () => {
    const many = body(Array.from({ length: 5 }, () => ({ name: "years", content: "2024" })));
    expect(
      receiveMultipart(streamOf(many, [50]), BOUNDARY, newDir(), { ...limits, maxFields: 4 }),
    ).rejects.toMatchObject({ status: 413 });
    const long = body([{ name: "years", content: "9".repeat(2000) }]);
    expect(
      receiveMultipart(streamOf(long, [50]), BOUNDARY, newDir(), { ...limits, maxFieldBytes: 1000 }),
    ).rejects.toMatchObject({ status: 413 });
    const files = body(Array.from({ length: 3 }, () => ({ name: "files", filename: "a.csv", content: "1" })));
    expect(
      receiveMultipart(streamOf(files, [50]), BOUNDARY, newDir(), { ...limits, maxFiles: 2 }),
    ).rejects.toMatchObject({ status: 413 });
  });
});

describe("receiving an upload under a size cap", () => {
  const dataDir = join(root, "data");
  const received = join(dataDir, "tmp", "received");
  const cap: MultipartLimits = {
    ...uploadLimits,
    maxBodyBytes: 4.5 * 1024 ** 2,
    maxFileBytes: 4 * 1024 ** 2,
  };
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("app", { config: { dataDir } } as AppContext);
      await next();
    })
    .onError((error, c) =>
      error instanceof HttpError ? c.json({ detail: error.detail }, error.status) : c.json({}, 500),
    )
    .post("/", (c) =>
      withReceivedUpload(
        c,
        async (form) => c.json({ files: form.files.map((file) => file.bytes), kind: form.kind }),
        cap,
      ),
    );

  /** Streams a form with one file of `megabytes` (64 KB chunks made on demand), counting chunks pulled. */
  function upload(megabytes: number, headers: Record<string, string> = {}) {
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nIP\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="big.csv"\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    const chunk = 64 * 1024;
    const chunks = (megabytes * 1024 ** 2) / chunk;
    const pulled = { count: 0 };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled.count += 1;
        if (pulled.count === 1) controller.enqueue(new Uint8Array(head));
        else if (pulled.count <= chunks + 1) controller.enqueue(new Uint8Array(chunk).fill(0x61));
        else if (pulled.count === chunks + 2) controller.enqueue(new Uint8Array(tail));
        else controller.close();
      },
    });
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
      body: stream,
    });
    return { answer: app.fetch(request), pulled, chunks };
  }

  test("under the cap: the file is written to disk, then removed when the request is done", async () => {
    const { answer } = upload(3);
    const response = await answer;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ files: [3 * 1024 ** 2], kind: "IP" });
    expect(readdirSync(received)).toEqual([]);
  });

  test("over the cap: 413 as soon as it is passed, the rest is not read, the partial file is removed", async () => {
    const { answer, pulled, chunks } = upload(64);
    const response = await answer;
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toContain("Upload too large");
    // 4 MB are 64 chunks of 64 KB: refused on the 65th, plus the head; nowhere near the 1024 sent.
    expect(pulled.count).toBeLessThan(70);
    expect(chunks).toBe(1024);
    expect(existsSync(received) ? readdirSync(received) : []).toEqual([]);
  });

  test("a declared Content-Length over the cap is refused before anything is read", async () => {
    const { answer, pulled } = upload(1, { "content-length": String(10 * 1024 ** 2) });
    const response = await answer;
    expect(response.status).toBe(413);
    expect(pulled.count).toBeLessThanOrEqual(1);
  });
});
