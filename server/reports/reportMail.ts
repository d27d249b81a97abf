/**
 * One report mail to one recipient: the PDF (and the XLSX) attached, the link to the screen, and
 * the recipient's own one-click unsubscribe link, also in List-Unsubscribe (RFC 2369) with
 * List-Unsubscribe-Post (RFC 8058), so mail programs offer their own unsubscribe button.
 */
import type { Mail } from "../mail/mailer.ts";
import { unsubscribePath, unsubscribeToken } from "./unsubscribeToken.ts";

export interface ReportAttachments {
  pdf: Buffer;
  xlsx?: Buffer;
  /** The file name without extension. */
  baseName: string;
}

export const reportFileBase = (title: string, year: number) =>
  `${
    title
      .replace(/[^A-Za-z0-9 _-]/g, "")
      .trim()
      .replace(/\s+/g, "_") || "report"
  }_${year}`;

export function reportMail(options: {
  publicUrl: string;
  secretKey: string;
  recipient: { rowId: string; email: string; customerUserId: string };
  title: string;
  organisationName: string;
  schedule: string;
  link: string;
  files: ReportAttachments;
}): Mail {
  const unsubscribe = `${options.publicUrl}${unsubscribePath(unsubscribeToken(options.secretKey, options.recipient.rowId))}`;
  const text = [
    `Your report "${options.title}" for ${options.organisationName} is attached as a PDF.`,
    "",
    `Open it in Vitality with the same filters: ${options.link}`,
    "",
    `You receive it because you are a recipient of this subscription (${options.schedule}).`,
    `Stop receiving it (one click, no sign-in needed): ${unsubscribe}`,
  ].join("\n");
  const attachments = [
    { filename: `${options.files.baseName}.pdf`, content: options.files.pdf, contentType: "application/pdf" },
  ];
  if (options.files.xlsx) {
    attachments.push({
      filename: `${options.files.baseName}.xlsx`,
      content: options.files.xlsx,
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    });
  }
  return {
    kind: "report",
    to: [options.recipient.email],
    subject: `${options.title} - ${options.organisationName}`,
    text,
    attachments,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    log: { customerUserId: options.recipient.customerUserId },
    link: options.link,
  };
}
