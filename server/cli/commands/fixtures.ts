import type { Command } from "../main.ts";

const usage = "vitality fixtures generate --size small|1m|10m --seed N --out DIR [--orgs N]";

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

export const command: Command = {
  summary: "write a synthetic fixture folder (market, organisations, geography, registry)",
  usage,
  async run(args) {
    const [action] = args;
    const sizeName = option(args, "size") ?? "small";
    const seed = Number(option(args, "seed") ?? "42");
    const outDir = option(args, "out");
    // --orgs N: the tenant fixture (N generated organisations over the one market, issue 14).
    const organisations = option(args, "orgs") === undefined ? undefined : Number(option(args, "orgs"));
    const { generateFixture } = await import("../../../fixtures/generator/generate.ts");
    const { isFixtureSizeName } = await import("../../../fixtures/generator/sizes.ts");
    if (
      action !== "generate" ||
      !outDir ||
      !isFixtureSizeName(sizeName) ||
      !Number.isInteger(seed) ||
      (organisations !== undefined && !(Number.isInteger(organisations) && organisations > 0))
    ) {
      console.error(`Usage: ${usage}`);
      return 2;
    }
    const { SingleBar, Presets } = await import("cli-progress");
    const started = performance.now();
    const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    let bar: InstanceType<typeof SingleBar> | undefined;
    let barYear = 0;
    const manifest = generateFixture({
      size: sizeName,
      seed,
      outDir,
      organisations,
      onStep: (message) => {
        bar?.stop();
        bar = undefined;
        console.log(`[${elapsed()}] ${message}`);
      },
      onMarketProgress: (year, rows, total) => {
        // The bar draws only on a terminal; logs of batch runs get the step lines.
        if (!process.stderr.isTTY) return;
        if (!bar || barYear !== year) {
          bar?.stop();
          bar = new SingleBar(
            { format: `market ${year} [{bar}] {percentage}% {value}/{total} rows` },
            Presets.shades_classic,
          );
          bar.start(total, 0);
          barYear = year;
        }
        bar.update(rows);
      },
    });
    bar?.stop();
    const latest = manifest.market_rows[String(manifest.years.at(-1))]!;
    console.log(
      `Fixture '${sizeName}' (seed ${seed}) written to ${outDir} in ${elapsed()}: ${latest.market_ip + latest.market_op} market rows in ${manifest.years.at(-1)}.`,
    );
    return 0;
  },
};
