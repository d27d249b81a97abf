/**
 * `npm run vitality -- <command> ...`: the batch entry (data-contract.md section 8). Each command is
 * a module under commands/ exporting `run(args)`; adding a file adds a command.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";

export interface Command {
  summary: string;
  usage: string;
  run(args: string[]): Promise<number | undefined>;
}

const commandsDir = join(import.meta.dir, "commands");
const available = readdirSync(commandsDir)
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => file.replace(/\.ts$/, ""))
  .sort();

async function load(name: string): Promise<Command> {
  return (await import(join(commandsDir, `${name}.ts`))).command as Command;
}

async function help() {
  console.log("Usage: npm run vitality -- <command> [options]\n\nCommands:");
  for (const name of available) {
    const command = await load(name);
    console.log(`  ${name.padEnd(10)} ${command.summary}\n  ${"".padEnd(10)} ${command.usage}`);
  }
}

const [name, ...args] = process.argv.slice(2);
if (!name || name === "help" || name === "--help") {
  await help();
  process.exit(name ? 0 : 1);
}
if (!available.includes(name)) {
  console.error(`Unknown command '${name}'.`);
  await help();
  process.exit(2);
}
try {
  process.exit((await (await load(name)).run(args)) ?? 0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
