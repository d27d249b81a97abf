/** A Vitality server process for the restart bench: started on a port, stopped with SIGTERM. */
import { join, resolve } from "node:path";
import { collect } from "../../tests/e2e/support/server.ts";

const root = resolve(import.meta.dir, "..", "..");

export interface RestartServer {
  port: number;
  output(): string;
  /** SIGTERM; resolves with the exit code and how long the stop took, ms. */
  stop(): Promise<{ exitCode: number | null; ms: number }>;
}

export async function startServerOn(port: number, env: Record<string, string>): Promise<RestartServer> {
  const output: string[] = [];
  const child = Bun.spawn([process.execPath, join(root, "server", "main.ts")], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdout: "pipe",
    stderr: "pipe",
  });
  void collect(child.stdout, output);
  void collect(child.stderr, output);
  for (let i = 0; ; i++) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}):\n${output.join("").slice(-2000)}`);
    if (i > 1800) throw new Error(`the server did not start:\n${output.join("").slice(-2000)}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((answer) => answer.ok)
      .catch(() => false);
    if (ok) break;
    await Bun.sleep(100);
  }
  return {
    port,
    output: () => output.join(""),
    async stop() {
      const started = performance.now();
      child.kill("SIGTERM");
      const exitCode = await child.exited;
      return { exitCode, ms: performance.now() - started };
    },
  };
}
