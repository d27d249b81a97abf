import { z } from "zod";

/** The mailbox offers exactly this many sender choices (admin-area.md section 9). */
export const MAILBOX_SENDER_COUNT = 4;

export const DEFAULT_MAILBOX_SENDERS = [
  "Vitality <contact@vitality.local>",
  "Vitality Support <support@vitality.local>",
  "Vitality Data Team <data@vitality.local>",
  "Vitality Customer Success <success@vitality.local>",
].join("; ");

/** One sender as the mailbox lists it: what goes in the From header, and the address alone. */
export interface MailboxSender {
  /** 'Name <address>' or the bare address: the value the form sends as email_from. */
  value: string;
  address: string;
  name: string;
}

const ADDRESS = z.email();

function parseSender(text: string): MailboxSender | undefined {
  const named = /^(.+?)\s*<([^<>]+)>$/.exec(text);
  const name = named ? named[1]!.replace(/^"|"$/g, "").trim() : "";
  const address = (named ? named[2]! : text).trim();
  if (!ADDRESS.safeParse(address).success) return undefined;
  if (/[\r\n<>"]/.test(name)) return undefined;
  return { value: name ? `${name} <${address}>` : address, address, name: name || address };
}

/**
 * MAILBOX_SENDERS: four senders separated by ';', each 'Name <address>' or an address
 * (a ';' cannot be part of a name, so names may hold commas).
 */
export const mailboxSendersSchema = z.string().transform((text, context) => {
  const parts = text
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length !== MAILBOX_SENDER_COUNT) {
    context.addIssue({
      code: "custom",
      message: `must list ${MAILBOX_SENDER_COUNT} senders separated by ';' (found ${parts.length})`,
    });
    return z.NEVER;
  }
  const senders: MailboxSender[] = [];
  for (const part of parts) {
    const sender = parseSender(part);
    if (!sender) {
      context.addIssue({ code: "custom", message: `'${part}' is not 'Name <address>' or an address` });
      return z.NEVER;
    }
    senders.push(sender);
  }
  if (new Set(senders.map((sender) => sender.address.toLowerCase())).size !== senders.length) {
    context.addIssue({ code: "custom", message: "lists the same address twice" });
    return z.NEVER;
  }
  return senders;
});
