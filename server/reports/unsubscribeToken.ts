/**
 * The one-click unsubscribe link of a report mail: it names one recipient row of one subscription,
 * signed with SECRET_KEY (HMAC-SHA-256), so it works without signing in and for that recipient
 * only. Using it deletes the row: a second use finds nothing (the link works once).
 */
import { createHmac } from "node:crypto";
import { constantTimeEqual } from "../auth/tokens.ts";

const PURPOSE = "report-unsubscribe";
const signature = (secret: string, recipientId: string) =>
  createHmac("sha256", secret).update(`${PURPOSE}:${recipientId}`).digest("base64url");

export const unsubscribeToken = (secret: string, recipientId: string) =>
  `${recipientId}.${signature(secret, recipientId)}`;

/** The recipient row a token names, or undefined for a token that was not signed by us. */
export function verifyUnsubscribeToken(secret: string, token: string): string | undefined {
  const [recipientId, signed, ...rest] = token.split(".");
  if (!recipientId || !signed || rest.length > 0) return undefined;
  if (!/^[0-9a-f-]{36}$/.test(recipientId)) return undefined;
  return constantTimeEqual(signed, signature(secret, recipientId)) ? recipientId : undefined;
}

export const unsubscribePath = (token: string) => `/api/reports/unsubscribe/${token}`;
