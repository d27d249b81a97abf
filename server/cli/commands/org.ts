import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { SyncChange } from "../../fixtures/syncOrganisation.ts";
import type { Command } from "../main.ts";

const usage = "vitality org import organization.json [--slug SLUG]";

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * The slug when --slug is not given: the folder name of a fixture's organizations/<slug>/, else the
 * organisation's name in lower case with dashes ("Demo Orthopaedics" -> demo-orthopaedics).
 */
export function defaultSlug(file: string, name: string): string {
  const folder = dirname(resolve(file));
  if (basename(dirname(folder)) === "organizations" && SLUG.test(basename(folder))) return basename(folder);
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63);
}

/**
 * One line per change, except service-area zips: one line per year and action, listing the zips
 * (a first import adds a hundred of them).
 */
export function describeChanges(changes: SyncChange[]): string[] {
  const lines: string[] = [];
  const zips = new Map<string, string[]>();
  for (const change of changes) {
    if (change.entity === "service_area") {
      const [year, zip] = change.key.split(" ");
      const key = `service area ${year}: ${change.action}`;
      zips.set(key, [...(zips.get(key) ?? []), zip!]);
      continue;
    }
    const fields = change.fields ? ` (${change.fields.join(", ")})` : "";
    lines.push(`${change.entity} ${change.key}: ${change.action}${fields}`);
  }
  for (const [key, list] of zips)
    lines.push(`${key} ${list.length} zip${list.length === 1 ? "" : "s"} (${list.join(", ")})`);
  return lines;
}

/**
 * Creates or updates an organisation, its facilities (with their locations), providers, service
 * areas and users from an organization.json (data-contract.md section 8) in the configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR), and prints each change. Running it
 * twice changes nothing the second time. Rules: server/fixtures/syncOrganisation.ts.
 */
export const command: Command = {
  summary:
    "create or update an organisation from an organization.json (facilities, providers, service areas)",
  usage,
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { slug: { type: "string" } },
    });
    const [action, file] = positionals;
    if (action !== "import" || !file || positionals.length > 2) {
      console.error(`Usage: ${usage}`);
      return 2;
    }
    if (!existsSync(file)) {
      console.error(`${file}: no such file`);
      return 2;
    }
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      console.error(`${file} is not valid JSON: ${(error as Error).message}`);
      return 1;
    }
    const { OrganisationFileError, parseOrganisationFile, syncOrganisation } = await import(
      "../../fixtures/syncOrganisation.ts"
    );
    let definition: ReturnType<typeof parseOrganisationFile>;
    try {
      definition = parseOrganisationFile(json);
    } catch (error) {
      if (!(error instanceof OrganisationFileError)) throw error;
      console.error(error.message);
      return 1;
    }
    const slug = values.slug ?? defaultSlug(file, definition.name);
    if (!SLUG.test(slug)) {
      console.error(`--slug: '${slug}' must be lower-case letters, digits and dashes (at most 63)`);
      return 2;
    }

    const { loadConfig } = await import("../../config.ts");
    const { createContext } = await import("../../bootstrap/context.ts");
    const { notifyDataChanged } = await import("../../engine/dataChanges.ts");
    const { createLogger } = await import("../../logger.ts");
    const context = await createContext(loadConfig(), { logger: createLogger("text", true) });
    try {
      const result = await syncOrganisation(context.database.db, slug, definition);
      for (const line of describeChanges(result.changes)) console.log(`  ${line}`);
      // Running servers drop the organisation's cached analysis inputs (dataChanges.ts).
      if (result.changes.length > 0) await notifyDataChanged(context, result.organisationId);
      const verb = result.created ? "created" : result.changes.length > 0 ? "updated" : "unchanged";
      const counts = `${definition.facilities.length} facilities, ${definition.providers.length} providers, ${Object.keys(definition.service_areas).length} service-area years`;
      console.log(
        `Organisation '${slug}' ${verb}: ${result.changes.length} change${result.changes.length === 1 ? "" : "s"} (${counts} in the file).`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof OrganisationFileError)) throw error;
      console.error(error.message);
      return 1;
    } finally {
      await context.live.stop();
      await context.database.close();
    }
  },
};
