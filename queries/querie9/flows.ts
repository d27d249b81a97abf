/**
 * The outmigration flows of every service line, per patient zip (outmigration.sql), kept per data
 * fingerprint (outmigration_fingerprint.sql): they depend on the organisation-year's rows, not on
 * the filters, so a run reads them again only when the rows changed, and narrows them to its lines
 * itself. The fingerprint is taken on every run (one scan, 3-5 ms at 1m, 6-9 ms at 10m), so a change
 * of the market, the derived files or the service area is seen at once. An organisation-year with
 * derived files keeps them in a file too (server/engine/derived/keptJson.ts).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { boundedCache } from "../../server/caches/bounded.ts";
import { currentCacheLimits } from "../../server/caches/limits.ts";
import type { CacheLimits } from "../../server/config.ts";
import { type KeptValues, keptJson, keptPath } from "../../server/engine/derived/keptJson.ts";
import { type KernelContext, sqlText, sqlTextOrNull } from "../../server/engine/index.ts";

type SqlRunner = KernelContext["sql"];

const zipFlows = z.array(
  z.object({
    zip: z.string(),
    /** Cases per service line and destination; area null is OUTSIDE. */
    cells: z.array(
      z.object({ line: z.string(), area: z.enum(["PSA", "SSA", "TSA"]).nullable(), cases: z.number() }),
    ),
    /** The zip's OUTSIDE cases per service line and rendering provider; null when it has none. */
    outside: z.array(z.object({ line: z.string(), name: z.string(), cases: z.number() })).nullable(),
  }),
);
export type ZipFlows = z.infer<typeof zipFlows>[number];

const fingerprintRow = z.object({ fingerprint: sqlText });
const flowsRow = z.object({ zips: sqlTextOrNull });

interface KeptFlows {
  flows: readonly ZipFlows[];
  /** The length of the JSON text they were parsed from: about the bytes they hold. */
  bytes: number;
}

/**
 * Fingerprint (or kept file's path) -> flows (in zip code order), least recently used dropped first, bounded by
 * organisation-years (VITALITY_FLOW_CACHE_ENTRIES) and bytes (VITALITY_FLOW_CACHE_MB): about 0.9 MB
 * each at 1m, 2.6 MB at 10m. Callers must not modify them: they are shared.
 */
const flowCache = (limits: Pick<CacheLimits, "flowEntries" | "flowBytes"> = currentCacheLimits()) =>
  boundedCache<KeptFlows>({
    name: "flows",
    max: limits.flowEntries,
    maxBytes: limits.flowBytes,
    sizeOf: (kept) => kept.bytes,
  });
let kept = flowCache();
/** Reads under way: identical runs at the same time share one. */
const reading = new Map<string, Promise<KeptFlows>>();

/** The answer's JSON text, checked against its schema (a drift between SQL and TypeScript fails). */
function parseZips(text: string | null): ZipFlows[] {
  if (text === null) return [];
  const parsed = zipFlows.safeParse(JSON.parse(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`outmigration.sql: zips.${issue?.path.join(".")} ${issue?.message}`);
  }
  // Zip codes in code-unit order, as element 1 has always listed them.
  return parsed.data.sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
}

async function readFlows(sql: SqlRunner): Promise<KeptFlows> {
  const [answer] = await sql.rows("outmigration.sql", flowsRow);
  const text = answer?.zips ?? null;
  return { flows: parseZips(text), bytes: text?.length ?? 1 };
}

/** The flows as kept in a file (keptJson.ts): the SQL's hash is part of the file's key. */
const flowsSqlHash = createHash("sha256")
  .update(readFileSync(join(import.meta.dir, "outmigration.sql"), "utf8"))
  .digest("hex");

/** About the bytes of JSON the flows were read from (a kept file's flows were not read as text). */
const flowBytes = (flows: readonly ZipFlows[]) =>
  flows.reduce((sum, zip) => sum + 40 + zip.cells.length * 45 + (zip.outside?.length ?? 0) * 70, 1);

/**
 * The flows of the bound rows, read again only when their fingerprint changed. With `files` they
 * come from the organisation-year's file the data pipeline wrote (querie9's prepare), else are
 * written there, and are remembered under that file's path (held means kept); without, under the
 * fingerprint.
 */
export async function outmigrationFlows(sql: SqlRunner, files?: KeptValues): Promise<readonly ZipFlows[]> {
  const [row] = await sql.rows("outmigration_fingerprint.sql", fingerprintRow);
  const fingerprint = row!.fingerprint;
  const path = files && keptPath(files, "querie9_flows", [fingerprint, flowsSqlHash]);
  const key = path ?? fingerprint;
  const known = kept.get(key);
  if (known) return known.flows;
  let read = reading.get(key);
  if (!read) {
    const cache = kept;
    read = (
      path
        ? keptJson(path, async () => (await readFlows(sql)).flows, zipFlows).then((flows) => ({
            flows,
            bytes: flowBytes(flows),
          }))
        : readFlows(sql)
    )
      // A failed read is not kept.
      .then((flows) => {
        cache.set(key, flows);
        return flows;
      })
      .finally(() => reading.delete(key));
    reading.set(key, read);
  }
  return (await read).flows;
}

/**
 * Forgets the kept flows (the benchmark's runs without them); with `limits`, keeps at most those
 * from now on (tests past the bound).
 */
export function forgetOutmigrationFlows(limits?: Pick<CacheLimits, "flowEntries" | "flowBytes">) {
  kept = flowCache(limits);
}

/** The keys (fingerprints, or kept files' paths) of the flows held, most recently used first (tests of the bound). */
export function keptFlowKeys() {
  return [...kept.keys()];
}
