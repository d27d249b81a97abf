import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { backends, freshPostgresDatabase } from "../../../tests/helpers/backends.ts";
import { completeNpi } from "../../reference/npi.ts";
import { defaultSlug } from "./org.ts";

const main = join(import.meta.dir, "..", "main.ts");

async function vitality(env: Record<string, string>, ...args: string[]) {
  const child = Bun.spawn([process.execPath, main, ...args], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, DATABASE_URL: "", SEED_DEMO: "0", ...env },
  });
  const [code, stdout, stderr] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  return { code, stdout, stderr };
}

const facilityNpi = completeNpi("300000001");
const providerNpi = completeNpi("100000009");

function organisation(name: string) {
  return {
    name,
    facilities: [
      {
        npi: facilityNpi,
        name: "Lakeside ASC",
        zip: "46060",
        locations: [{ name: "Lakeside", zip: "46060" }],
      },
    ],
    providers: [{ npi: providerNpi, full_name: "Cy Ray" }],
    service_areas: { "2025": [{ zipcode: "46060", type: "PSA" }] },
  };
}

test("the default slug: the fixture folder's name, else the organisation's name", () => {
  expect(defaultSlug("/x/organizations/lakeside/organization.json", "Whatever")).toBe("lakeside");
  expect(defaultSlug("/downloads/organization.json", "Lakeside Orthopaedics & Spine")).toBe(
    "lakeside-orthopaedics-spine",
  );
});

for (const backend of backends) {
  describe(`vitality org import on ${backend}`, () => {
    const dir = mkdtempSync(join(tmpdir(), "vitality-org-cli-"));
    const env: Record<string, string> = { DATA_DIR: join(dir, "data") };
    let drop = async () => {};
    const file = join(dir, "organizations", "lakeside", "organization.json");

    beforeAll(async () => {
      mkdirSync(join(dir, "organizations", "lakeside"), { recursive: true });
      if (backend === "postgres") {
        const fresh = await freshPostgresDatabase();
        env.DATABASE_URL = fresh.url;
        drop = fresh.drop;
      }
    });
    afterAll(async () => {
      await drop();
      rmSync(dir, { recursive: true, force: true });
    });

    test("creates, then changes nothing, then updates what changed", async () => {
      writeFileSync(file, JSON.stringify(organisation("Lakeside Orthopaedics")));
      const created = await vitality(env, "org", "import", file);
      expect(created.stderr).toBe("");
      expect(created.stdout).toContain(`facility ${facilityNpi}: added`);
      expect(created.stdout).toContain(`location ${facilityNpi} Lakeside: added`);
      expect(created.stdout).toContain(`provider ${providerNpi}: added`);
      expect(created.stdout).toContain("service area 2025: added 1 zip (46060)");
      expect(created.stdout).toContain("Organisation 'lakeside' created: 6 changes");
      expect(created.code).toBe(0);

      const again = await vitality(env, "org", "import", file);
      expect(again.stdout.trim()).toBe(
        "Organisation 'lakeside' unchanged: 0 changes (1 facilities, 1 providers, 1 service-area years in the file).",
      );

      writeFileSync(file, JSON.stringify({ ...organisation("Lakeside Ortho"), providers: [] }));
      const updated = await vitality(env, "org", "import", file, "--slug", "lakeside");
      expect(updated.stdout).toContain("organisation lakeside: updated (name)");
      expect(updated.stdout).toContain(`provider ${providerNpi}: removed`);
      expect(updated.stdout).toContain("Organisation 'lakeside' updated: 2 changes");
      expect(updated.code).toBe(0);
    }, 120_000);

    test("a refused file: every problem, exit 1", async () => {
      const bad = join(dir, "bad.json");
      writeFileSync(
        bad,
        JSON.stringify({ ...organisation("Bad"), providers: [{ npi: "1234567890", full_name: "X" }] }),
      );
      const refused = await vitality(env, "org", "import", bad);
      expect(refused.stderr).toContain("providers[0].npi: 1234567890 is not a valid NPI (check digit)");
      expect(refused.code).toBe(1);
      const usage = await vitality(env, "org", "export", bad);
      expect(usage.stderr).toContain("Usage: vitality org import organization.json [--slug SLUG]");
      expect(usage.code).toBe(2);
    }, 60_000);
  });
}
