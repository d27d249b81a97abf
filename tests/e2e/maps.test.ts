import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { chromiumAvailable, requireChromium, screenshot } from "./support/browser.ts";
import { signInDemoCustomer } from "./support/customerSignin.ts";
import { downloadOf } from "./support/download.ts";
import type { RunningServer } from "./support/server.ts";
import { useServerAndPage } from "./support/suite.ts";

/**
 * The analysis maps in the real app for the demo customer: querie9 (Outmigration) and querie5
 * (Location Footprint) draw their MapDescriptor over the offline state and county outlines.
 * Screenshots: tests/e2e/screenshots/map-querie9.png, map-querie5.png.
 */

requireChromium("map");

/** A first run of an analysis on the demo data plus the map's loader (500 ms) fits well inside. */
const TEST_TIMEOUT_MS = 90_000;

/**
 * The colour of the map's pixel at a fraction of its width and height, read from the canvases
 * OpenLayers draws into (topmost opaque one wins), as [r, g, b, a].
 */
function pixelAt(map: Locator, fx: number, fy: number) {
  return map.evaluate(
    (element, [x, y]) => {
      const canvases = [...element.querySelectorAll("canvas")].reverse();
      for (const canvas of canvases) {
        const context = canvas.getContext("2d");
        if (!context || canvas.width === 0) continue;
        const data = context.getImageData(
          Math.floor(canvas.width * x!),
          Math.floor(canvas.height * y!),
          1,
          1,
        ).data;
        if (data[3]! > 0) return [data[0]!, data[1]!, data[2]!, data[3]!];
      }
      return [0, 0, 0, 0];
    },
    [fx, fy],
  );
}

describe.skipIf(!chromiumAvailable)("analysis maps", () => {
  let server: RunningServer;
  let page: Page;

  useServerAndPage({
    viewport: { width: 1280, height: 900 },
    // querie9's first answer is computed on the server (9 s seen on a loaded machine) before its map draws.
    actionTimeoutMs: 45_000,
    // A customer reads only enabled years: the demo with its last two years reviewed and enabled.
    server: { demoAnalyses: true },
    prepare: async (suite) => {
      ({ server, page } = suite);
      // Sign in as the demo customer through the e-mailed link.
      await signInDemoCustomer(page, server);
    },
    hookTimeoutMs: 90_000,
  });

  /** The map figure once its first frame is drawn and the loader is gone. */
  async function readyMap(mapId: string): Promise<Locator> {
    const map = page.locator(`[data-map-id="${mapId}"]`);
    await map.and(page.locator('[data-ready="true"]')).waitFor();
    return map;
  }

  /** Land outside the data layers: the offline base's fills (grey or warm) and the background. */
  const isBaseColour = ([r, g, b]: number[]) =>
    [
      [0xf1, 0xf1, 0xf1],
      [0xf7, 0xf5, 0xef],
      [0xe4, 0xe4, 0xe4],
      [0xe6, 0xeb, 0xef],
    ].some(([br, bg, bb]) => Math.abs(r! - br!) + Math.abs(g! - bg!) + Math.abs(b! - bb!) < 12);

  test(
    "querie9's Chart as PDF prints the map as drawn, with its key, on a landscape A4 page",
    async () => {
      await page.goto("/queries/querie9");
      await readyMap("outmigration");
      await page.getByRole("button", { name: "Export" }).click();
      const item = page.getByRole("menuitem", { name: "Chart as PDF" });
      expect(await item.isDisabled()).toBe(false);
      const pdf = await downloadOf(page, () => item.click());
      expect(pdf.suggestedFilename()).toBe("Outmigration.pdf");
      const bytes = readFileSync(await pdf.path());
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      const text = bytes.toString("latin1");
      const boxes = [...text.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)];
      expect(boxes.length).toBe(1);
      expect(Number(boxes[0]![1])).toBeCloseTo(841.89, 2);
      // The map's picture: as wide as the map on screen, taller by its key (bands and areas).
      const widths = [...text.matchAll(/\/Subtype \/Image[\s\S]*?\/Width (\d+)[\s\S]*?\/Height (\d+)/g)];
      expect(widths.length).toBe(1);
      const mapBox = (await page.locator('[data-map-id="outmigration"]').boundingBox())!;
      expect(Number(widths[0]![1])).toBeGreaterThanOrEqual(Math.floor(mapBox.width) - 2);
      expect(Number(widths[0]![2])).toBeGreaterThan(mapBox.height + 100);
      // A drawn map, not a blank page: the picture's bytes are many.
      expect(bytes.length).toBeGreaterThan(30_000);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "querie9 centres on the PSA with coloured zips, a case-count legend and a zip table on click",
    async () => {
      await page.goto("/queries/querie9");
      const map = await readyMap("outmigration");
      expect(Number(await map.getAttribute("data-features"))).toBeGreaterThan(3);
      // The legend: five bands with their case-count ranges (1, 5, 30 and 55 % of the total).
      const legend = page.getByRole("group", { name: /legend/ });
      await legend.getByText("under 1%").waitFor();
      await legend.getByText("55% or more").waitFor();
      expect(await legend.getByText(/cases or more/).count()).toBe(1);
      for (const area of ["Primary service area", "Secondary service area", "Tertiary service area"]) {
        await legend.getByText(area).waitFor();
      }
      // Centred on the PSA at zoom 9: the middle of the map is a coloured zip, not bare land.
      const middle = await pixelAt(map, 0.5, 0.5);
      expect(isBaseColour(middle)).toBe(false);
      await screenshot(page, "map-querie9");

      // A click on the zip in the middle opens its services and providers.
      const box = (await map.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const panel = page.getByRole("region", { name: /^Zip code \d{5}$/ });
      await panel.waitFor();
      await panel
        .getByRole("table", { name: "Services" })
        .or(panel.getByText("None").first())
        .first()
        .waitFor();
      await panel.getByRole("columnheader", { name: "# cases" }).first().waitFor();
      await screenshot(page, "map-querie9-zip");
      await panel.getByRole("button", { name: "Close zip code details" }).click();
      await panel.waitFor({ state: "hidden" });
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "querie5 fits the facilities and locations, with volume bands and dashed drive areas",
    async () => {
      await page.goto("/queries/querie5");
      const map = await readyMap("footprint");
      expect(Number(await map.getAttribute("data-features"))).toBeGreaterThan(5);
      const legend = page.getByRole("group", { name: /legend/ });
      for (const text of ["under 5%", "5% to under 10%", "30% or more", "Facilities", "Locations"]) {
        await legend.getByText(text, { exact: true }).waitFor();
      }
      // The drive polygons are circles, marked as approximations.
      await legend.getByText("Dashed outline: approximate shape").waitFor();
      // Fitted on the markers, inside the drive areas: the middle is drawn over, not bare land.
      expect(isBaseColour(await pixelAt(map, 0.5, 0.5))).toBe(false);
      await screenshot(page, "map-querie5");
    },
    TEST_TIMEOUT_MS,
  );
});
