/** The audit trail as CSV: one row per event, the values before and after as JSON text. */
import type { AuditEventView } from "../http/answers/audit.ts";

const HEADER = [
  "id",
  "at",
  "organisation_id",
  "actor_kind",
  "actor_id",
  "actor_name",
  "actor_role",
  "action",
  "target_kind",
  "target_id",
  "before",
  "after",
];

/** A cell quoted when needed; text a spreadsheet would run as a formula starts with a quote mark. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text =
    typeof value === "string" ? value : typeof value === "number" ? String(value) : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsv(events: AuditEventView[]): string {
  const lines = [HEADER.join(",")];
  for (const event of events) {
    lines.push(
      [
        event.id,
        event.at,
        event.organisation_id,
        event.actor.kind,
        event.actor.id,
        event.actor.name,
        event.actor.role,
        event.action,
        event.target.kind,
        event.target.id,
        event.before,
        event.after,
      ]
        .map(cell)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
