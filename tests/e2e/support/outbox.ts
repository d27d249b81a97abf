import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** Undoes quoted-printable: soft line breaks and =XX escapes (mail bodies wrap long links). */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function newestMail(outbox: string, after: number): string | undefined {
  if (!existsSync(outbox)) return undefined;
  const mails = readdirSync(outbox)
    .filter((name) => name.endsWith(".eml"))
    .map((name) => ({ path: join(outbox, name), mtime: statSync(join(outbox, name)).mtimeMs }))
    .filter((mail) => mail.mtime >= after)
    .sort((a, b) => b.mtime - a.mtime);
  return mails[0]?.path;
}

/**
 * The sign-in link of the newest mail in $DATA_DIR/outbox written at or after `after` (ms), waiting
 * a little for the server to write it.
 */
export async function waitForSigninLink(dataDir: string, after: number, timeoutMs = 5000): Promise<string> {
  const outbox = join(dataDir, "outbox");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = newestMail(outbox, after);
    if (mail) {
      const link = decodeQuotedPrintable(readFileSync(mail, "utf8")).match(
        /https?:\/\/[^\s"<>]+\/validate_token\/[A-Za-z0-9_-]+/,
      )?.[0];
      if (link) return link;
    }
    await Bun.sleep(100);
  }
  throw new Error(`No sign-in mail in ${outbox}`);
}
