import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createStaff, signInStaff } from "../../../tests/helpers/factories.ts";
import type { HttpClient } from "../../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../../tests/helpers/testApp.ts";

const MARKET = "/api/services/advisory_board/file/";
const BOUNDARY = "----vitalityLargeUpload";
const MB = 1024 ** 2;

/**
 * A 256 MB upload made on the fly as a stream (never a buffer): the body is streamed to disk by the
 * route, so the server's memory stays flat. The form's fields come after the file, so the whole body
 * has to be read before zod can refuse the bad kind. Memory does not depend on the database, so this
 * runs on the embedded one only.
 */
describe("a large upload is streamed to disk", () => {
  let t: TestApp;
  let siteAdmin: HttpClient;
  beforeAll(async () => {
    t = await startTestApp("pglite");
    siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  function streamedForm(fileMegabytes: number, fields: Record<string, string>) {
    const encoder = new TextEncoder();
    const row = "2024,C1,46032,,,,,27447,1234567893,Facility,46032,1234567893,Dr A,,,1,100.00,50.00\n";
    const block = encoder.encode(row.repeat(Math.floor(MB / row.length)));
    let sent = 0;
    let stage: "head" | "file" | "tail" | "done" = "head";
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (stage === "head") {
          controller.enqueue(
            encoder.encode(
              `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="market.csv"\r\n` +
                "Content-Type: text/csv\r\n\r\nyear,claim_id,patient_zip\n",
            ),
          );
          stage = "file";
        } else if (stage === "file") {
          // The same block each time: the client's allocations are not the server's memory (a
          // real client is another process), and RSS then measures what the server keeps.
          controller.enqueue(block);
          sent += block.length;
          if (sent >= fileMegabytes * MB) stage = "tail";
        } else if (stage === "tail") {
          const parts = Object.entries(fields).map(
            ([name, value]) =>
              `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`,
          );
          controller.enqueue(encoder.encode(`${parts.join("")}\r\n--${BOUNDARY}--\r\n`));
          stage = "done";
        } else controller.close();
      },
    });
  }

  test("256 MB streamed with memory growing by less than 100 MB; the fields are still checked", async () => {
    Bun.gc(true);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const request = new Request(`http://localhost:3000${MARKET}`, {
      method: "POST",
      headers: {
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        cookie: [...siteAdmin.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        "x-csrftoken": siteAdmin.cookies.get("csrftoken") ?? "",
        "x-forwarded-for": "203.0.113.10",
      },
      body: streamedForm(256, { kind: "XX", year: "2024" }),
    });
    const response = await t.app.fetch(request);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    expect(response.status).toBe(400);
    expect((await response.json()).detail).toContain("kind");
    expect((peak - before) / MB).toBeLessThan(100);
    // The received file was written under a generated name and removed once the request was done.
    const received = join(t.dataDir, "tmp", "received");
    expect(existsSync(received) ? readdirSync(received) : []).toEqual([]);
  }, 30_000);
});
