/**
 * The API's changelog (docs/api-changelog.md) against the served document: its latest entry names
 * the document's `info.version` and the hash of the document as served, so a change of any call,
 * field, answer or word of the document fails here until it has its entry (and version).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { API_VERSION } from "../../server/http/openapi/version.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";

const CHANGELOG = join(import.meta.dir, "../../docs/api-changelog.md");

/** JSON with its keys in order, so the hash does not depend on the order routes were registered in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The document's hash, without `servers` (the site's own address, which differs per install). */
function documentHash(document: Record<string, unknown>): string {
  const { servers: _servers, ...rest } = document;
  return `sha256:${new Bun.CryptoHasher("sha256").update(canonical(rest)).digest("hex")}`;
}

interface Entry {
  version: string;
  date: string;
  hash: string | undefined;
}

function changelogEntries(): Entry[] {
  const text = readFileSync(CHANGELOG, "utf8");
  return [
    ...text.matchAll(/^## (\d+\.\d+\.\d+) \((\d{4}-\d{2}-\d{2})\)\n([\s\S]*?)(?=^## |(?![\s\S]))/gm),
  ].map((match) => ({
    version: match[1]!,
    date: match[2]!,
    hash: /^Document: `(sha256:[0-9a-f]{64})`/m.exec(match[3]!)?.[1],
  }));
}

const versionParts = (version: string) => version.split(".").map(Number);

describe("the API changelog", () => {
  let t: TestApp;
  let document: Record<string, unknown> & { info: { version: string } };
  beforeAll(async () => {
    t = await startTestApp("pglite");
    document = (await t.client().get("/api/openapi.json")).json;
  }, 60_000);
  afterAll(() => t.close());

  test("the document's info.version is the latest entry's", () => {
    const [latest] = changelogEntries();
    expect(document.info.version).toBe(API_VERSION);
    expect(latest?.version).toBe(API_VERSION);
  });

  test("the latest entry records the hash of the document as served", () => {
    const [latest] = changelogEntries();
    const served = documentHash(document);
    if (latest?.hash !== served) {
      console.error(
        `The OpenAPI document changed: add an entry to docs/api-changelog.md (raise API_VERSION in server/http/openapi/version.ts) saying what changed, with the line\nDocument: \`${served}\``,
      );
    }
    expect(latest?.hash).toBe(served);
  });

  test("entries are newest first, each with a higher version and a hash", () => {
    const entries = changelogEntries();
    expect(entries.length).toBeGreaterThan(1);
    for (const [index, entry] of entries.entries()) {
      const older = entries[index + 1];
      if (!older) continue;
      expect(entry.date >= older.date).toBe(true);
      const [a, b] = [versionParts(entry.version), versionParts(older.version)];
      const newer = a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
      expect({ version: entry.version, newer: newer > 0 }).toEqual({ version: entry.version, newer: true });
    }
    // The latest entry's hash is checked above; older ones record the document they described.
    expect(entries[0]?.hash).toBeDefined();
  });
});
