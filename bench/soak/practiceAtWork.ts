/**
 * The soak's writers: what practices and staff do while the readers read. One cycle, for the next
 * organisation in turn: its admin sends a new extract of its latest year (its practice files less
 * one or two lines: a real replacement, never the version it has), the year refreshes itself (the
 * server's own jobs run every step its rule allows) while staff's open year detail reads it, staff
 * enable it with one click when the refresh is ready, and the admin subscribes to a report and has
 * it sent now (a real SMTP server counts the mails).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { TenantOrganisation } from "../tenants/setup.ts";

const REFRESH_POLL_MS = 5_000;
const REFRESH_LIMIT_MS = 15 * 60_000;

export interface CycleOutcome {
  organisation: string;
  year: number;
  /** Seconds from the cycle's start: the upload's answer, the refresh's end, the year enabled again. */
  uploadSeconds: number;
  refreshedSeconds: number | undefined;
  enabledSeconds: number | undefined;
  /** Why the refresh stopped for staff, in the rule's words (enabled otherwise). */
  stoppedFor: string | undefined;
  /** Calls that did not answer 200 (what and how). */
  failures: string[];
}

interface Writer {
  baseUrl: string;
  fixtureDir: string;
  /** Each organisation's admin: a session token and the user's id (the subscription's recipient). */
  admins: Map<string, { token: string; userId: string }>;
  staffToken: string;
}

const headersOf = (token: string, json: boolean) => ({
  Authorization: `Token ${token}`,
  Cookie: "csrftoken=bench",
  "X-CSRFToken": "bench",
  ...(json ? { "Content-Type": "application/json" } : {}),
});

async function call(writer: Writer, token: string, method: string, path: string, body?: unknown) {
  const form = body instanceof FormData;
  const answer = await fetch(`${writer.baseUrl}${path}`, {
    method,
    headers: headersOf(token, !form && body !== undefined),
    body: form ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

/** The organisation's latest practice year in the fixture, and that year's files. */
export function latestPracticeYear(fixtureDir: string, slug: string) {
  const folder = join(fixtureDir, "organizations", slug, "practice");
  const year = Math.max(
    ...readdirSync(folder)
      .filter((name) => /^\d{4}$/.test(name))
      .map(Number),
  );
  const yearDir = join(folder, String(year));
  return { year, files: readdirSync(yearDir).map((name) => join(yearDir, name)) };
}

/** The files less `drop` last lines of the largest one: a new extract the year has not had. */
function newExtract(files: string[], drop: number, year: number) {
  const form = new FormData();
  const largest = files.reduce((a, b) => (statSync(a).size >= statSync(b).size ? a : b));
  for (const file of files) {
    let text = readFileSync(file, "utf8");
    if (file === largest) {
      const lines = text.trimEnd().split("\n");
      text = `${lines.slice(0, lines.length - drop).join("\n")}\n`;
    }
    form.append("files", new File([text], file.split("/").pop()!, { type: "text/csv" }));
  }
  form.append("years", String(year));
  return form;
}

export async function refreshCycle(
  writer: Writer,
  organisation: TenantOrganisation,
  round: number,
): Promise<CycleOutcome> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const admin = writer.admins.get(organisation.slug)!;
  const { year, files } = latestPracticeYear(writer.fixtureDir, organisation.slug);
  const failures: string[] = [];
  const note = (what: string, answer: { status: number; text: string }) =>
    failures.push(`${organisation.slug} ${what}: ${answer.status} ${answer.text.slice(0, 200)}`);

  // Alternating one and two lines less per round: each upload differs from the version before it.
  const upload = await call(
    writer,
    admin.token,
    "POST",
    "/api/management/customer/file/",
    newExtract(files, 1 + (round % 2), year),
  );
  if (upload.status !== 200) note("upload", upload);
  const uploadSeconds = seconds();

  // The year refreshes itself (its runs, in the server's jobs); staff read its detail as their open
  // screen does and enable it with one click when the refresh is ready. A refresh that stops for
  // a human (the tenant years were never reviewed: no questionnaire, so no score) is reported as
  // such, with the rule's words: not a failure of the product.
  let refreshedSeconds: number | undefined;
  let enabledSeconds: number | undefined;
  let stoppedFor: string | undefined;
  if (upload.status === 200) {
    const deadline = performance.now() + REFRESH_LIMIT_MS;
    let status = "running";
    while (performance.now() < deadline && status === "running") {
      await Bun.sleep(REFRESH_POLL_MS);
      const detail = await call(writer, writer.staffToken, "POST", "/api/management/admin/organization/", {
        full: true,
        id: organisation.id,
        year,
      });
      if (detail.status !== 200) {
        note("year detail", detail);
        break;
      }
      const refresh = (detail.json().data as { refresh: { status: string; needs: string | null } | null })
        .refresh;
      status = refresh?.status ?? "running";
      if (refresh?.status === "stopped") stoppedFor = refresh.needs ?? "stopped";
    }
    if (status === "running") note("refresh (still running after 15 minutes)", { status: 0, text: "" });
    else refreshedSeconds = seconds();
    if (status === "ready") {
      const enable = await call(writer, writer.staffToken, "POST", "/api/management/admin/valid/", {
        organization_uuid: organisation.id,
        year,
      });
      if (enable.status === 200) enabledSeconds = seconds();
      else note("enable", enable);
    }
  }

  const subscription = await call(
    writer,
    admin.token,
    "POST",
    "/api/management/customer/report-subscription/",
    {
      querie: "querie1",
      title: `Soak ${organisation.slug} round ${round}`,
      filters: { year },
      follow_latest_year: true,
      frequency: "weekly",
      weekday: 1,
      hour: 7,
      time_zone: "America/Chicago",
      recipients: [admin.userId],
      include_xlsx: false,
    },
  );
  if (subscription.status !== 200) note("subscribe", subscription);
  else {
    const id = (subscription.json().subscription as { id: string }).id;
    const sent = await call(
      writer,
      admin.token,
      "POST",
      `/api/management/customer/report-subscription/${id}/send-now`,
    );
    if (sent.status !== 200) note("send now", sent);
  }
  return {
    organisation: organisation.slug,
    year,
    uploadSeconds,
    refreshedSeconds,
    enabledSeconds,
    stoppedFor,
    failures,
  };
}
