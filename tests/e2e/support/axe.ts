import axe from "axe-core";
import type { Page } from "playwright-core";

/** The WCAG 2.0/2.1 A and AA rules: the level the issue asks the screens to meet. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** What fails a screen: violations a person with a screen reader or low vision cannot get past. */
const BLOCKING = new Set(["serious", "critical"]);

export interface AxeFinding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core inside the page as it is now (after the caller waited for the screen to draw) and
 * answers its serious and critical violations, one per rule, with the nodes' selectors. `within`
 * (a CSS selector) limits the scan to that part, e.g. an open dialog over a screen scanned before.
 */
export async function blockingViolations(page: Page, screen: string, within?: string): Promise<AxeFinding[]> {
  // axe-core run in the page itself, injected once per document. @axe-core/playwright injected it
  // on every scan and finished each in a new blank page: 0.2-1.2 s of a scan, a third of the suite
  // (the screens have no frame for its frame messaging to reach).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    ([context, tags]) => {
      const inPage = (window as unknown as { axe: typeof axe }).axe;
      // The rules of those levels that axe counts as settled: its experimental ones stay out.
      const rules = inPage
        .getRules(tags)
        .filter((rule) => !rule.tags.includes("experimental"))
        .map((rule) => rule.ruleId);
      return inPage.run(context ?? document, {
        runOnly: { type: "rule", values: rules },
        // Violations only: axe then keeps one node per passing rule instead of all (a fifth less
        // scan time on the analyses, measured).
        resultTypes: ["violations"],
      });
    },
    [within ?? null, TAGS] as const,
  );
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? "",
      help: violation.help,
      // The selector, then the start of the node's HTML: Mantine's generated ids say little alone.
      targets: violation.nodes.map(
        (node) => `${node.target.map(String).join(" > ")}  ${node.html.replace(/\s+/g, " ").slice(0, 160)}`,
      ),
    }));
}

/** The findings as lines a person reads in a failed test: screen, rule, impact, help, then nodes. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((finding) => {
      const nodes = finding.targets
        .slice(0, 8)
        .map((target) => `    ${target}`)
        .join("\n");
      const more = finding.targets.length > 8 ? `\n    ... and ${finding.targets.length - 8} more` : "";
      return `${finding.screen}: ${finding.rule} (${finding.impact}) ${finding.help}\n${nodes}${more}`;
    })
    .join("\n");
}
