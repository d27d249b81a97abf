import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { copyMigratedTemplate } from "./pgliteTemplate.ts";

const MIGRATIONS = join(import.meta.dir, "migrations");

describe("a new embedded database from the migrated template", () => {
  let scratch: string;
  let cache: string;
  const previous = process.env.XDG_CACHE_HOME;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), "vitality-template-test-"));
    cache = join(scratch, "cache");
    process.env.XDG_CACHE_HOME = cache;
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = previous;
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A stand-in for initdb and the migrations: what it writes is what each copy must hold. */
  const made: string[] = [];
  const create = async (folder: string) => {
    made.push(folder);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "PG_VERSION"), "17\n");
    writeFileSync(join(folder, "made"), String(made.length));
  };
  const newFolder = (name: string) => {
    const folder = join(scratch, name, "pglite");
    mkdirSync(folder, { recursive: true });
    return folder;
  };

  test("made once, then copied: every new folder holds the same migrated database", async () => {
    made.length = 0;
    expect(await copyMigratedTemplate(newFolder("a"), MIGRATIONS, create)).toBe(true);
    expect(await copyMigratedTemplate(newFolder("b"), MIGRATIONS, create)).toBe(true);
    expect(made).toHaveLength(1);
    for (const name of ["a", "b"])
      expect(readFileSync(join(scratch, name, "pglite", "made"), "utf8")).toBe("1");
    // Made aside, then renamed: nothing half made is left in the cache.
    expect(readdirSync(join(cache, "vitality"))).toEqual([expect.stringMatching(/^pglite-[0-9a-f]{16}$/)]);
  });

  test("a new migration makes a new template and removes the old one", async () => {
    made.length = 0;
    await copyMigratedTemplate(newFolder("a"), MIGRATIONS, create);
    const [before] = readdirSync(join(cache, "vitality"));
    const migrations = join(scratch, "migrations");
    cpSync(MIGRATIONS, migrations, { recursive: true });
    writeFileSync(join(migrations, "9999_next.sql"), "CREATE TABLE next (id int);");
    await copyMigratedTemplate(newFolder("b"), migrations, create);
    expect(made).toHaveLength(2);
    const after = readdirSync(join(cache, "vitality"));
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
    expect(readFileSync(join(scratch, "b", "pglite", "made"), "utf8")).toBe("2");
  });

  test("a cache that cannot be written, or a template that fails: the folder is left empty to be made in place", async () => {
    writeFileSync(cache, "a file where the cache folder would be");
    const folder = newFolder("a");
    expect(await copyMigratedTemplate(folder, MIGRATIONS, create)).toBe(false);
    expect(readdirSync(folder)).toEqual([]);

    rmSync(cache);
    const failing = async (where: string) => {
      mkdirSync(where, { recursive: true });
      writeFileSync(join(where, "half"), "");
      throw new Error("initdb failed");
    };
    expect(await copyMigratedTemplate(folder, MIGRATIONS, failing)).toBe(false);
    expect(readdirSync(folder)).toEqual([]);
    expect(existsSync(join(cache, "vitality")) ? readdirSync(join(cache, "vitality")) : []).toEqual([]);
  });
});
