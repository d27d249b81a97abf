/**
 * The outmigration flows of every service line, per patient zip (outmigration.sql): they depend on
 * the organisation-year's rows, not on the filters, so a run reads them again only when the rows
 * changed, and narrows them to its lines itself. An organisation-year with derived files keys them
 * by its data version (`KeptValues.data`: a new upload or profile gives a new one) and keeps them in
 * a file too (server/engine/derived/keptJson.ts); rows bound without (a test's) are keyed by a
 * fingerprint of the rows (outmigration_fingerprint.sql, one scan, 3-5 ms at 1m).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { type HeldLimits, heldValues } from "../../server/engine/derived/heldKept.ts";
import { type KeptValues, keptAs, keptJson, keptPath } from "../../server/engine/derived/keptJson.ts";
import { type KernelContext, sqlText, sqlTextOrNull } from "../../server/engine/index.ts";
import { FlowTable, type ZipFlows, zipFlows } from "./flowTable.ts";

type SqlRunner = KernelContext["sql"];

const fingerprintRow = z.object({ fingerprint: sqlText });
const flowsRow = z.object({ zips: sqlTextOrNull });

/**
 * Kept file's path (or fingerprint) -> flows (in zip code order), as columns (flowTable.ts): about
 * 0.4 MB each at 1m, a fifth of the objects they were parsed into (heldKept.ts).
 */
const held = heldValues<FlowTable>("flows", (table) => table.bytes);

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

async function readFlows(sql: SqlRunner): Promise<ZipFlows[]> {
  const [answer] = await sql.rows("outmigration.sql", flowsRow);
  return parseZips(answer?.zips ?? null);
}

/** The flows as kept in a file (keptJson.ts): the SQL's hash is part of the file's key. */
const flowsSqlHash = createHash("sha256")
  .update(readFileSync(join(import.meta.dir, "outmigration.sql"), "utf8"))
  .digest("hex");
/** The kept file's form, in its key: the rows' JSON before 2, the table's columns (FlowTable.toJSON) since. */
const KEPT_FORM = 2;
/** What a kept file must hold: a flow table's columns that fit (FlowTable.fromKept). */
const keptFlowTable = keptAs(FlowTable.fromKept);

/**
 * The flows of the bound rows. With `files` (an organisation-year's derived files) they are keyed
 * by its data version: they come from the file the data pipeline wrote (querie9's prepare), else
 * are written there, and are held under that file's path. Without (a test's bound rows), they are
 * held under the rows' fingerprint, taken on each run.
 */
export async function outmigrationFlows(sql: SqlRunner, files?: KeptValues): Promise<FlowTable> {
  if (files) {
    const path = keptPath(files, "querie9_flows", [files.data, flowsSqlHash, KEPT_FORM]);
    return held.get(path, () =>
      keptJson(path, async () => FlowTable.of(await readFlows(sql)), keptFlowTable),
    );
  }
  const [row] = await sql.rows("outmigration_fingerprint.sql", fingerprintRow);
  return held.get(row!.fingerprint, async () => FlowTable.of(await readFlows(sql)));
}

/**
 * Forgets the flows held (the benchmark's runs without them); with `limits`, holds at most those
 * from now on (tests past the bound).
 */
export function forgetOutmigrationFlows(limits?: HeldLimits) {
  held.forget(limits);
}

/** The keys (fingerprints, or kept files' paths) of the flows held, most recently used first (tests of the bound). */
export function keptFlowKeys() {
  return held.keys();
}
