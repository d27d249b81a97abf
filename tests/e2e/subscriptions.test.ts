import { afterAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { pdfText } from "../helpers/pdfText.ts";
import { startSmtpTestServer } from "../helpers/smtpTestServer.ts";
import { chromiumAvailable, screenshot as fullPage, requireChromium } from "./support/browser.ts";
import { ADMIN_PASSWORD, ADMIN_USERNAME, DEMO_EMAIL, type RunningServer } from "./support/server.ts";
import { useServerAndPage } from "./support/suite.ts";

/**
 * Report subscriptions in Chromium against the real server, its mail going to a real SMTP server
 * the test starts: the demo customer subscribes from Market share, finds the subscription in
 * Profile, presses "send now", and the mail arrives with the PDF. Screenshots at 1280 and 390 px:
 * tests/e2e/screenshots/subscriptions-*.png.
 */

requireChromium("subscriptions");

const TEST_TIMEOUT_MS = 120_000;
const TITLE = "Monday market share";

const smtp = await startSmtpTestServer();

/** A full-page screenshot from the top (the sticky header then sits at the top). */
async function screenshot(target: Page, name: string) {
  await target.evaluate(() => window.scrollTo(0, 0));
  await fullPage(target, name);
}

describe.skipIf(!chromiumAvailable)("report subscriptions", () => {
  let server: RunningServer;
  let page: Page;

  /** Sign-in as a person does it, the link read from the mail the SMTP server received. */
  async function signIn(target: Page) {
    await target.goto("/signin");
    await target.getByRole("button", { name: "Email my login link" }).waitFor();
    const before = smtp.received.length;
    await target.getByLabel("Email").fill(DEMO_EMAIL);
    await target.getByRole("button", { name: "Email my login link" }).click();
    await target.getByText("Check your inbox").waitFor();
    const deadline = Date.now() + 30_000;
    let link: string | undefined;
    while (!link && Date.now() < deadline) {
      const mail = smtp.received.slice(before).find((m) => m.envelope.to.includes(DEMO_EMAIL));
      link = /(http:\/\/localhost:\d+\/validate_token\/[A-Za-z0-9_-]{43})/.exec(mail?.parsed.text ?? "")?.[1];
      if (!link) await Bun.sleep(200);
    }
    if (!link) throw new Error("no sign-in mail");
    await target.goto(link);
    await target.waitForURL(`${server.baseUrl}/`);
  }

  useServerAndPage({
    viewport: { width: 1280, height: 800 },
    actionTimeoutMs: 20_000,
    hookTimeoutMs: 660_000,
    startTimeoutMs: 600_000,
    server: { demoAnalyses: true, smtpUrl: smtp.url },
    prepare: async (suite) => {
      ({ server, page } = suite);
      page.context().setDefaultNavigationTimeout(60_000);
      await signIn(page);
    },
  });
  afterAll(() => smtp.close());

  test(
    "subscribe from an analysis, see it in Profile, send now: the mail arrives with the PDF",
    async () => {
      await page.goto("/queries/querie1");
      await page.getByRole("button", { name: "Subscribe" }).click();
      const dialog = page.getByRole("dialog", { name: "Subscribe to this report" });
      await dialog.waitFor();
      await dialog.getByLabel("Title").fill(TITLE);
      // The recipients list shows names once the colleagues are read.
      await dialog.getByText("Demo Admin (demo@example.com)").waitFor();
      // The browser's time zone is the default.
      expect(await dialog.getByLabel("Time zone").inputValue()).toBe(
        await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
      );
      await dialog.getByText("Also the table as an XLSX file").click();
      await screenshot(page, "subscriptions-dialog-1280");
      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await dialog.waitFor({ state: "hidden" });

      await page.goto("/profile");
      const panel = page.getByRole("region", { name: "Report subscriptions" });
      const row = panel.locator("tr", { hasText: TITLE });
      await row.waitFor();
      expect(await row.textContent()).toContain("Weekly on Monday at 07:00");
      expect(await row.textContent()).toContain("Not yet");

      const before = smtp.received.length;
      await panel.getByRole("button", { name: `Send ${TITLE} now` }).click();
      const deadline = Date.now() + 60_000;
      while (smtp.received.length === before && Date.now() < deadline) await Bun.sleep(250);
      const mail = smtp.received.slice(before).find((m) => m.parsed.subject?.startsWith(TITLE));
      expect(mail?.envelope.to).toEqual([DEMO_EMAIL]);
      const pdf = mail!.parsed.attachments.find(
        (attachment) => attachment.contentType === "application/pdf",
      )!;
      const xlsx = mail!.parsed.attachments.find((attachment) => attachment.filename?.endsWith(".xlsx"));
      expect(xlsx).toBeDefined();
      const { text } = await pdfText(pdf.content);
      expect(text).toContain(TITLE);
      expect(text).toContain("Demo Orthopaedics");

      // The outcome shows in Profile.
      await page.reload();
      await panel
        .locator("tr", { hasText: TITLE })
        .getByText("Sent", { exact: true })
        .waitFor({ timeout: 30_000 });
      await screenshot(page, "subscriptions-profile-1280");

      // A phone: one card per subscription, its actions in reach, nothing wider than the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      const card = panel.locator("[data-subscription-card]", { hasText: TITLE });
      await card.waitFor();
      expect(await card.textContent()).toContain("Weekly on Monday at 07:00");
      await panel.getByRole("button", { name: `Send ${TITLE} now` }).waitFor();
      const box = (await card.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, "subscriptions-profile-390");
      await page.goto("/queries/querie1");
      await page.getByRole("button", { name: "Subscribe" }).click();
      await page
        .getByRole("dialog", { name: "Subscribe to this report" })
        .getByText("Demo Admin (demo@example.com)")
        .waitFor();
      await screenshot(page, "subscriptions-dialog-390");
      await page.setViewportSize({ width: 1280, height: 800 });
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "staff see the customer's subscriptions on its overview and pause them all",
    async () => {
      const orgId = await page.evaluate(async () => {
        const answer = await fetch("/api/management/customer/detail/");
        return ((await answer.json()) as { organization: { id: string } }).organization.id;
      });
      // 25 more, so the overview's first page (25, oldest first) is full and "Show more" brings the
      // 26th. Each sent twice with its Idempotency-Key, as a client retrying would: still 25 made.
      const made = await page.evaluate(async () => {
        const detail = (await (await fetch("/api/management/customer/detail/")).json()) as {
          profile: { id: string };
        };
        const csrf = /(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "";
        const statuses: number[] = [];
        for (let i = 1; i <= 25; i++) {
          const key = `e2e-more-${i}-${Date.now()}`;
          for (let send = 0; send < 2; send++) {
            const answer = await fetch("/api/management/customer/report-subscription/", {
              method: "POST",
              headers: { "Content-Type": "application/json", "X-CSRFToken": csrf, "Idempotency-Key": key },
              body: JSON.stringify({
                querie: "querie1",
                title: `More ${String(i).padStart(2, "0")}`,
                frequency: "weekly",
                weekday: 2,
                hour: 6,
                time_zone: "UTC",
                recipients: [detail.profile.id],
              }),
            });
            statuses.push(answer.status);
          }
        }
        return statuses;
      });
      expect(made.filter((status) => status === 200)).toHaveLength(50);
      const context = await page
        .context()
        .browser()!
        .newContext({
          baseURL: server.baseUrl,
          viewport: { width: 1280, height: 800 },
          reducedMotion: "reduce",
        });
      context.setDefaultTimeout(20_000);
      context.setDefaultNavigationTimeout(60_000);
      const staff = await context.newPage();
      await staff.goto("/administration/signin");
      await staff.getByLabel("Username").fill(ADMIN_USERNAME);
      await staff.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
      await staff.getByLabel("Password", { exact: true }).press("Enter");
      await staff.waitForURL(`${server.baseUrl}/administration/customers`);
      await staff.goto(`/administration/customers/${orgId}`);
      const panel = staff.getByRole("region", { name: "Report subscriptions" });
      const row = panel.locator("tr", { hasText: TITLE });
      await row.waitFor();
      expect(await row.textContent()).toContain("Demo Admin");
      // A page of 25: the 26th ("More 25") comes with "Show more".
      const last = panel.locator("tr", { hasText: "More 25" });
      expect(await last.count()).toBe(0);
      await panel.getByRole("button", { name: "Show more" }).click();
      await last.waitFor();
      expect(await panel.getByRole("button", { name: "Show more" }).count()).toBe(0);
      // Read-only: no action of the owner's.
      expect(await panel.getByRole("button", { name: `Send ${TITLE} now` }).count()).toBe(0);
      await panel.getByRole("button", { name: "Pause all" }).click();
      await staff
        .getByRole("dialog", { name: "Pause every report subscription?" })
        .getByRole("button", { name: "Pause all" })
        .click();
      await row.getByText("Paused").waitFor();
      await panel.scrollIntoViewIfNeeded();
      await screenshot(staff, "subscriptions-staff-overview-1280");
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});
