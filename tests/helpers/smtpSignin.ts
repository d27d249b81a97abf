import type { HttpClient } from "./httpClient.ts";
import type { startSmtpTestServer } from "./smtpTestServer.ts";
import type { TestApp } from "./testApp.ts";

type SmtpServer = Awaited<ReturnType<typeof startSmtpTestServer>>;

/** Waits until the SMTP test server holds `count` mails that pass `filter` (or fails after `ms`). */
export async function waitForMails(
  smtp: SmtpServer,
  count: number,
  filter: (mail: SmtpServer["received"][number]) => boolean = () => true,
  ms = 30_000,
) {
  const until = Date.now() + ms;
  for (;;) {
    const found = smtp.received.filter(filter);
    if (found.length >= count) return found;
    if (Date.now() > until) throw new Error(`expected ${count} mails, got ${found.length}`);
    await Bun.sleep(100);
  }
}

/** Signs a customer in through the link mailed to the SMTP test server (an app with SMTP_URL). */
export async function signInThroughSmtp(
  t: TestApp,
  smtp: SmtpServer,
  email: string,
  ip: string,
): Promise<HttpClient> {
  const browser = await t.client({ ip }).prime();
  const before = smtp.received.length;
  const asked = await browser.post("/api/services/auth/signin/", { email });
  if (asked.status !== 200) throw new Error(`sign-in request failed: ${asked.text}`);
  const [mail] = await waitForMails(
    smtp,
    1,
    (m) => smtp.received.indexOf(m) >= before && m.envelope.to.includes(email),
  );
  const token = /\/validate_token\/([A-Za-z0-9_-]{43})/.exec(mail!.parsed.text ?? "")?.[1];
  if (!token) throw new Error("no sign-in link in the mail");
  const answer = await browser.get(`/api/services/auth/signin/${token}`);
  if (answer.status !== 200) throw new Error(`token exchange failed: ${answer.text}`);
  return browser;
}
