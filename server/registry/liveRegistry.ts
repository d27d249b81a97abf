/**
 * The live NPPES NPI Registry API v2.1 (https://npiregistry.cms.hhs.gov/api/?version=2.1&number=...)
 * in front of the local registry, turned on by NPPES_API=1. Its answers already have the shape the
 * product reads (nppesShape.ts) and are passed on as they come. When the API cannot answer - a
 * timeout, a network or HTTP error, an `{"Errors": [...]}` answer, a body that is not the v2.1 shape
 * - the question goes to the local registry and a warning is logged: a look-up never fails because
 * CMS is slow.
 */
import { z } from "zod";
import type { NppesApiSettings } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { NpiRegistry, NpiSearch } from "./npiRegistry.ts";
import { type NppesAnswer, nppesResultSchema } from "./nppesShape.ts";

const answerSchema = z.object({
  result_count: z.number().int().min(0),
  results: z.array(nppesResultSchema).default([]),
});
const errorsSchema = z.object({
  Errors: z.array(z.looseObject({ description: z.string().optional(), field: z.string().optional() })).min(1),
});

class NppesApiError extends Error {}

export class LiveNppesRegistry implements NpiRegistry {
  constructor(
    private readonly settings: Pick<NppesApiSettings, "url" | "timeoutMs">,
    private readonly fallback: NpiRegistry,
    private readonly logger: Pick<Logger, "warn">,
  ) {}

  lookupNpi(number: string): Promise<NppesAnswer> {
    return this.ask({ number: number.trim() }, () => this.fallback.lookupNpi(number));
  }

  search(query: NpiSearch): Promise<NppesAnswer> {
    const params: Record<string, string> = {};
    for (const key of [
      "first_name",
      "last_name",
      "organization_name",
      "enumeration_type",
      "postal_code",
    ] as const) {
      const value = query[key]?.trim();
      if (value) params[key] = value;
    }
    params.limit = String(Math.min(Math.max(Math.trunc(query.limit ?? 10), 1), 200));
    return this.ask(params, () => this.fallback.search(query));
  }

  private async ask(
    params: Record<string, string>,
    fallback: () => Promise<NppesAnswer>,
  ): Promise<NppesAnswer> {
    const url = new URL(this.settings.url);
    url.searchParams.set("version", "2.1");
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    try {
      return await this.fetchAnswer(url);
    } catch (error) {
      const reason =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
          ? `no answer within ${this.settings.timeoutMs} ms`
          : error instanceof NppesApiError
            ? error.message
            : `unreachable (${error instanceof Error ? error.message : String(error)})`;
      this.logger.warn(`NPPES API: ${reason}; answered from the local registry`, {
        query: Object.fromEntries(url.searchParams),
      });
      return fallback();
    }
  }

  private async fetchAnswer(url: URL): Promise<NppesAnswer> {
    const response = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    if (!response.ok) throw new NppesApiError(`HTTP ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new NppesApiError("an answer that is not JSON");
    }
    const errors = errorsSchema.safeParse(body);
    if (errors.success) {
      const text = errors.data.Errors.map((entry) =>
        [entry.field, entry.description].filter(Boolean).join(": "),
      ).join("; ");
      throw new NppesApiError(`the API refused the question (${text})`);
    }
    const answer = answerSchema.safeParse(body);
    if (!answer.success) throw new NppesApiError("an answer that is not the v2.1 shape");
    return answer.data;
  }
}
