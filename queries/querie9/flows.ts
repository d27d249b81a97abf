/**
 * The outmigration flows of every service line, per patient zip (outmigration.sql), kept per data
 * fingerprint (outmigration_fingerprint.sql): they depend on the organisation-year's rows, not on
 * the filters, so a run reads them again only when the rows changed, and narrows them to its lines
 * itself. The fingerprint is taken on every run (one scan, 3-5 ms at 1m, 6-9 ms at 10m), so a change of the
 * market, the derived files or the service area is seen at once.
 */
import { z } from "zod";
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

/** Fingerprint -> flows (in zip code order). Callers must not modify them: they are shared. */
const kept = new Map<string, Promise<readonly ZipFlows[]>>();
/** Organisation-years whose flows are kept at once (about 0.9 MB each at 1m, 2.6 MB at 10m). */
const KEPT_ENTRIES = 16;

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

async function readFlows(sql: SqlRunner) {
  const [answer] = await sql.rows("outmigration.sql", flowsRow);
  return parseZips(answer?.zips ?? null);
}

/** The flows of the bound rows: read again only when their fingerprint changed. */
export async function outmigrationFlows(sql: SqlRunner): Promise<readonly ZipFlows[]> {
  const [row] = await sql.rows("outmigration_fingerprint.sql", fingerprintRow);
  const fingerprint = row!.fingerprint;
  let flows = kept.get(fingerprint);
  if (flows) {
    // Most recently used last.
    kept.delete(fingerprint);
    kept.set(fingerprint, flows);
    return flows;
  }
  flows = readFlows(sql);
  kept.set(fingerprint, flows);
  if (kept.size > KEPT_ENTRIES) kept.delete(kept.keys().next().value as string);
  // A failed read is not kept.
  flows.catch(() => kept.delete(fingerprint));
  return flows;
}

/** Forgets the kept flows (the benchmark's runs without them). */
export function forgetOutmigrationFlows() {
  kept.clear();
}
