import type { Page } from "playwright-core";
import { waitForSigninLink } from "./outbox.ts";
import { DEMO_EMAIL, type RunningServer } from "./server.ts";

/**
 * The customer sign-in as a person does it: /signin, 'Email my login link', the link from the dev
 * outbox, then Home (the demo's admin unless another address is given). Answers the link followed (the shell test checks its origin).
 */
export async function signInDemoCustomer(
  page: Page,
  server: RunningServer,
  onStep?: (step: "form" | "sent") => Promise<void>,
  email = DEMO_EMAIL,
): Promise<string> {
  await page.goto("/signin");
  await page.getByRole("button", { name: "Email my login link" }).waitFor();
  await onStep?.("form");
  const requestedAt = Date.now() - 1000;
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email my login link" }).click();
  await page.getByText("Check your inbox").waitFor();
  await onStep?.("sent");
  const link = await waitForSigninLink(server.dataDir, requestedAt);
  await page.goto(link);
  await page.waitForURL(`${server.baseUrl}/`);
  return link;
}
