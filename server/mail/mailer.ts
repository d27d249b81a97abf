import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Database } from "../db/client.ts";
import { mailLog } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";

/**
 * Writes a mail into the outbox beside its name and renames it in: a reader (or the next start)
 * sees a whole mail or none. A full disk leaves no cut mail behind; the send fails (deliveryJob.ts
 * keeps the delivery open and tries again).
 */
function keepInOutbox(path: string, message: Buffer) {
  const partial = `${path}.partial`;
  try {
    writeFileSync(partial, message);
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

export interface Mail {
  kind: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  /** A structured sender keeps a display name with commas in one address. */
  from?: string | { name: string; address: string };
  /** Who the mail log records as its staff sender and customer recipient. */
  log?: { sentByStaffId?: string; customerUserId?: string };
  /** A link worth printing on the console when mail goes to the dev outbox. */
  link?: string;
  /** Files attached (report subscriptions: the PDF, the XLSX). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<{ transport: "smtp" | "outbox"; reference: string }>;
}

export interface MailerOptions {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  database: Database;
  logger: Logger;
}

/**
 * Sends through SMTP_URL when set. Without it every mail is written as an .eml file to the outbox
 * folder and its link printed, so development and tests need no mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  return {
    async send(mail) {
      const message = {
        from: mail.from ?? options.from,
        to: mail.to.join(", "),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
        headers: mail.headers,
      };
      const sender =
        typeof message.from === "string" ? message.from : `${message.from.name} <${message.from.address}>`;
      const logged = { sentByStaffId: mail.log?.sentByStaffId, customerUserId: mail.log?.customerUserId };
      let transport: "smtp" | "outbox";
      let reference: string;
      try {
        if (smtp) {
          transport = "smtp";
          reference = (await smtp.sendMail(message)).messageId;
        } else {
          transport = "outbox";
          const info = await outbox.sendMail(message);
          mkdirSync(options.outboxDir, { recursive: true });
          reference = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`;
          keepInOutbox(join(options.outboxDir, reference), info.message as Buffer);
          options.logger.info(
            `mail to ${message.to}: ${mail.subject}${mail.link ? `\n  ${mail.link}` : ""}`,
            {
              outbox: reference,
            },
          );
        }
      } catch (error) {
        await options.database.db.insert(mailLog).values({
          kind: mail.kind,
          sender,
          recipients: mail.to,
          subject: mail.subject,
          transport: smtp ? "smtp" : "outbox",
          error: String(error),
          ...logged,
        });
        throw error;
      }
      await options.database.db.insert(mailLog).values({
        kind: mail.kind,
        sender,
        recipients: mail.to,
        subject: mail.subject,
        transport,
        reference,
        ...logged,
      });
      return { transport, reference };
    },
  };
}
