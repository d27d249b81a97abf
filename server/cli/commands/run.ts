import type { Command } from "../main.ts";

const usage = "vitality run <plugin> --fixture DIR --org SLUG --year YEAR [--filters JSON]";

/** `--name value` options; the first positional argument is the plugin. */
function parseOptions(args: string[]) {
  const options: Record<string, string> = {};
  const rest: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg.startsWith("--")) options[arg.slice(2)] = args[++index] ?? "";
    else rest.push(arg);
  }
  return { options, rest };
}

function parseFilters(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  const value = JSON.parse(text);
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new Error("--filters must be a JSON object");
  return value;
}

/**
 * Runs one analysis on a fixture folder (data-contract.md section 8) and prints the JSON the API
 * answers for those filters. The folder is ingested through the ingestion pipeline into a
 * temporary data folder (with an embedded database), which is removed afterwards.
 */
export const command: Command = {
  summary: "run an analysis on a fixture folder and print its JSON result",
  usage,
  async run(args) {
    const { options, rest } = parseOptions(args);
    const [plugin] = rest;
    const { fixture, org } = options;
    if (!plugin || !fixture || !org || !/^\d{4}$/.test(options.year ?? "")) {
      console.error(`Usage: ${usage}`);
      return 2;
    }
    const filters = { ...parseFilters(options.filters), year: Number(options.year) };
    const { runOnFixture } = await import("../../engine/fixtureRun.ts");
    const outcome = await runOnFixture({ fixtureDir: fixture, orgSlug: org, pluginId: plugin, filters });
    if (outcome.status === "error") {
      console.error(JSON.stringify(outcome.body, null, 2));
      return 1;
    }
    console.log(JSON.stringify(outcome.body, null, 2));
    return 0;
  },
};
