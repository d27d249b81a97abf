import { expect, test } from "bun:test";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { describe } from "./declare.ts";
import { openApiDocument } from "./document.ts";

const oldCall = () =>
  new Hono<AppEnv>().get(
    "/api/old-name",
    describe({
      summary: "The old name of a call.",
      tags: ["Service"],
      deprecated: { since: "2026-12-01", sunset: "2027-06-01", successor: "GET /api/new-name" },
      answer: { description: "It still answers.", schema: z.object({ status: z.literal(200) }) },
    }),
    (c) => c.json({ status: 200 as const }),
  );

test("a deprecated call still answers, with Deprecation, Sunset and its successor", async () => {
  const answer = await oldCall().request("/api/old-name");
  expect(answer.status).toBe(200);
  expect(answer.headers.get("Deprecation")).toBe(`@${Date.UTC(2026, 11, 1) / 1000}`);
  expect(answer.headers.get("Sunset")).toBe("Tue, 01 Jun 2027 00:00:00 GMT");
  expect(answer.headers.get("Link")).toBe('</api/new-name>; rel="successor-version"');
});

test("the document marks it deprecated, says until when, and declares the headers", async () => {
  const document = await openApiDocument(oldCall() as unknown as Hono<never>);
  const operation = document.paths?.["/api/old-name"]?.get;
  expect(operation?.deprecated).toBe(true);
  expect(operation?.description).toContain("stops answering on 2027-06-01");
  const success = operation?.responses?.["200"] as { headers?: Record<string, unknown> } | undefined;
  const headers = success?.headers ?? {};
  expect(Object.keys(headers)).toEqual(expect.arrayContaining(["Deprecation", "Sunset", "Link"]));
});
