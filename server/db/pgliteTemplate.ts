/**
 * A new embedded database starts as a copy of an empty, migrated one kept in the user's cache
 * folder (`$XDG_CACHE_HOME/vitality`, else `~/.cache/vitality`): PostgreSQL's initdb inside
 * WebAssembly cost 6.4 s of a core on a quiet 2-core machine here (23-37 s beside a test run); a
 * copy of the closed folder and an open, 0.4-0.5 s. Every `vitality generate` and `vitality run`
 * starts on a new database, and so does each test's server. The copy is keyed by PGlite's version and the migrations' text: a change to
 * either makes a new one, and the older copies are removed then (one kept per key, at most a few
 * tens of MB). A cache that cannot be written is no error: the database is then made in place.
 */
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

const PREFIX = "pglite-";

/** PGlite's version and every migration's name and text, hashed: what a template depends on. */
function templateKey(migrationsFolder: string): string {
  // Resolved here, not at import: a PGlite that cannot be found only costs the copy.
  const pglite = join(
    dirname(Bun.resolveSync("@electric-sql/pglite", import.meta.dir)),
    "..",
    "package.json",
  );
  const hash = createHash("sha256").update(JSON.parse(readFileSync(pglite, "utf8")).version);
  for (const name of readdirSync(migrationsFolder)
    .filter((file) => file.endsWith(".sql"))
    .sort())
    hash.update(`\0${name}\0`).update(readFileSync(join(migrationsFolder, name)));
  return hash.digest("hex").slice(0, 16);
}

function cacheRoot(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "vitality");
}

/** Removes the templates of other keys, and copies left half made an hour ago or more. */
function removeOthers(root: string, template: string) {
  for (const entry of readdirSync(root)) {
    const path = join(root, entry);
    if (!entry.startsWith(PREFIX) || path === template) continue;
    const making = entry.includes(".");
    if (!making || Date.now() - statSync(path).mtimeMs > 3_600_000)
      rmSync(path, { recursive: true, force: true });
  }
}

/** An initialised PostgreSQL folder has a PG_VERSION file; an empty or new folder does not. */
const isInitialised = (location: string) => existsSync(join(location, "PG_VERSION"));

/**
 * Fills the empty folder `location` with a copy of the migrated template, making the template
 * first (with `create`, which initialises and migrates a database in the folder it is given and
 * closes it) when there is none for these migrations yet. Answers false when no copy was made.
 */
export async function copyMigratedTemplate(
  location: string,
  migrationsFolder: string,
  create: (folder: string) => Promise<void>,
): Promise<boolean> {
  try {
    const root = cacheRoot();
    const template = join(root, `${PREFIX}${templateKey(migrationsFolder)}`);
    if (!isInitialised(template)) {
      mkdirSync(root, { recursive: true, mode: 0o700 });
      // Made aside and renamed: a process that finds the folder finds it whole. Two processes
      // making it at once both succeed; one rename wins.
      const making = `${template}.${process.pid}.${Date.now()}`;
      try {
        await create(making);
        removeOthers(root, template);
        renameSync(making, template);
      } catch (error) {
        if (!isInitialised(template)) throw error;
      } finally {
        rmSync(making, { recursive: true, force: true });
      }
    }
    cpSync(template, location, { recursive: true });
    return true;
  } catch {
    rmSync(location, { recursive: true, force: true });
    mkdirSync(location, { recursive: true });
    return false;
  }
}
