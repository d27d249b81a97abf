/** A Vitality server process for the restart bench: started on a port, stopped with SIGTERM. */
import { spawnServer } from "../tenants/servers.ts";

export interface RestartServer {
  port: number;
  output(): string;
  /** SIGTERM; resolves with the exit code and how long the stop took, ms. */
  stop(): Promise<{ exitCode: number | null; ms: number }>;
}

export async function startServerOn(port: number, env: Record<string, string>): Promise<RestartServer> {
  const { child, output } = await spawnServer(port, env);
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
