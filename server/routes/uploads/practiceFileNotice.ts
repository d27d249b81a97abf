import type { IngestResult, PracticeIngestResult } from "../../ingest/ingest.ts";
import type { Notice } from "../../live/notify.ts";

const yearsText = (years: number[]) => [...new Set(years)].sort().join(", ");

/** What the uploader and the organisation's admins hear about a practice data file. */
export function practiceFileNotice(
  years: number[],
  result: IngestResult | Exclude<PracticeIngestResult, { status: "needs_confirmation" | "preview" }>,
): Notice {
  if (result.status === "accepted") {
    return {
      message: `The data file for ${yearsText(result.years)} is accepted (${result.rows.toLocaleString("en-US")} lines).`,
      status: "success",
    };
  }
  const { total } = result.report;
  return {
    message: `The data file${years.length > 0 ? ` for ${yearsText(years)}` : ""} is refused: ${total} error${total === 1 ? "" : "s"}; the upload lists them.`,
    status: "error",
  };
}
