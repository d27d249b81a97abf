import { existsSync, readdirSync } from "node:fs";
import { join, parse } from "node:path";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { organisations, organisationYears } from "../db/schema/index.ts";
import type { MarketKind } from "./contract.ts";
import {
  type IngestResult,
  ingestMarketUpload,
  ingestPracticeUpload,
  type PracticeIngestResult,
} from "./ingest.ts";
import { warehousePaths } from "./storage.ts";

const marketKindOfFile: Record<string, MarketKind> = {
  market_ip: "IP",
  market_op: "OP",
  demographics: "DEMO",
};
const isTableFile = (name: string) => /\.(csv|parquet|xlsx|zip)$/i.test(name);
const yearsIn = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => /^\d{4}$/.test(name))
        .map(Number)
        .sort()
    : [];

export interface FixtureIngestSummary {
  market: { year: number; kind: MarketKind; result: IngestResult | "skipped" }[];
  /** year 0: a whole extract at the practice folder's root, split by service year. */
  practice: { year: number; result: PracticeIngestResult | "skipped" }[];
}

/**
 * Ingests a fixture folder (data-contract.md section 8) for an organisation already in the
 * database: market/<year>/{market_ip,market_op,demographics}.* and
 * organizations/<slug>/practice/<year>/*. Market data is shared, so a kind and year already in
 * the warehouse is skipped (as is a practice year already uploaded) unless `replace` is set.
 * Throws when a file is refused: fixtures are expected to be valid.
 */
export async function ingestFixtureFolder(
  context: AppContext,
  fixtureDir: string,
  options: { orgSlug: string; replace?: boolean; market?: boolean },
): Promise<FixtureIngestSummary> {
  const { db } = context.database;
  const [organisation] = await db.select().from(organisations).where(eq(organisations.slug, options.orgSlug));
  if (!organisation) throw new Error(`no organisation '${options.orgSlug}' in the database`);
  const summary: FixtureIngestSummary = { market: [], practice: [] };
  const refused = (what: string, result: IngestResult | PracticeIngestResult) => {
    if (result.status === "needs_confirmation") throw new Error(`${what}: ${result.message}`);
    if (result.status !== "rejected") return;
    const first = result.report.errors
      .slice(0, 5)
      .map((error) => `${error.table} row ${error.row} ${error.column}: ${error.reason}`);
    throw new Error(`${what} was refused (${result.report.total} errors):\n  ${first.join("\n  ")}`);
  };

  if (options.market !== false) {
    const marketDir = join(fixtureDir, "market");
    for (const year of yearsIn(marketDir)) {
      for (const name of readdirSync(join(marketDir, String(year)))
        .filter(isTableFile)
        .sort()) {
        const kind = marketKindOfFile[parse(name).name.toLowerCase()];
        if (!kind) continue;
        const target =
          kind === "DEMO"
            ? warehousePaths.demographics(context.config.dataDir, year)
            : warehousePaths.marketCases(context.config.dataDir, year, kind);
        if (!options.replace && existsSync(target)) {
          summary.market.push({ year, kind, result: "skipped" });
          continue;
        }
        const result = await ingestMarketUpload(context, {
          kind,
          year,
          files: [{ path: join(marketDir, String(year), name), originalName: name }],
        });
        refused(`market/${year}/${name}`, result);
        summary.market.push({ year, kind, result });
      }
    }
  }

  const practiceDir = join(fixtureDir, "organizations", options.orgSlug, "practice");
  for (const year of yearsIn(practiceDir)) {
    const [existing] = await db
      .select({ fileState: organisationYears.fileState })
      .from(organisationYears)
      .where(and(eq(organisationYears.organisationId, organisation.id), eq(organisationYears.year, year)));
    if (!options.replace && existing?.fileState === "uploaded") {
      summary.practice.push({ year, result: "skipped" });
      continue;
    }
    const folder = join(practiceDir, String(year));
    const files = readdirSync(folder)
      .filter(isTableFile)
      .sort()
      .map((name) => ({ path: join(folder, name), originalName: name }));
    if (files.length === 0) continue;
    const result = await ingestPracticeUpload(context, {
      organisationId: organisation.id,
      years: [year],
      files,
      // A fixture is the data meant for the year: no question before replacing it.
      confirm: true,
    });
    refused(`organizations/${options.orgSlug}/practice/${year}`, result);
    summary.practice.push({ year, result });
  }
  // A whole extract (Tuva, CSV, Parquet) at the practice folder's root: split by service year,
  // each year switched in as its own version (section 9).
  const extract = existsSync(practiceDir)
    ? readdirSync(practiceDir)
        .filter(isTableFile)
        .sort()
        .map((name) => ({ path: join(practiceDir, name), originalName: name }))
    : [];
  if (extract.length > 0) {
    const result = await ingestPracticeUpload(context, {
      organisationId: organisation.id,
      years: [],
      files: extract,
      confirm: true,
    });
    refused(`organizations/${options.orgSlug}/practice`, result);
    summary.practice.push({ year: 0, result });
  }
  return summary;
}
