/**
 * A PostgreSQL cluster of the bench's own (initdb in a temporary folder, its own port), so that a
 * real restart (`pg_ctl restart -m fast`, what `pg_ctlcluster 15 main restart` runs) can be
 * measured without restarting the shared service other sessions' tests use. Run as root: the
 * server runs as the `postgres` user.
 */
import { execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "../../tests/e2e/support/server.ts";

const BIN = process.env.BENCH_PG_BIN ?? "/usr/lib/postgresql/15/bin";

export interface PrivateCluster {
  url: string;
  /** A real restart (fast shutdown, then start): answers how long the command took, ms. */
  restart(): Promise<number>;
  /** PostgreSQL's own log (its restarts, the sessions it terminated). */
  log(): string;
  remove(): void;
}

/** Runs a PostgreSQL binary as the postgres user (as root) or as oneself. */
function asPostgres(command: string, args: string[]) {
  const line = [join(BIN, command), ...args].map((part) => `'${part}'`).join(" ");
  if (userInfo().uid === 0) return execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", line]).toString();
  return execFileSync(join(BIN, command), args).toString();
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const dir = mkdtempSync(join(tmpdir(), "vitality-bench-pg-"));
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const port = await freePort();
  asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  asPostgres("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "start"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      // Not execFileSync: the load must go on while PostgreSQL restarts.
      const started = performance.now();
      const args = ["-D", data, "-o", options, "-l", join(dir, "log"), "-m", "fast", "-w", "restart"];
      const line = [join(BIN, "pg_ctl"), ...args].map((part) => `'${part}'`).join(" ");
      const command =
        userInfo().uid === 0
          ? ["su", "postgres", "-s", "/bin/sh", "-c", line]
          : [join(BIN, "pg_ctl"), ...args];
      const child = Bun.spawn(command, { stdout: "ignore", stderr: "inherit" });
      if ((await child.exited) !== 0) throw new Error("pg_ctl restart failed");
      return performance.now() - started;
    },
    log: () => readFileSync(join(dir, "log"), "utf8"),
    remove() {
      try {
        asPostgres("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
