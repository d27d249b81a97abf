import { appendUploadOptions, type UploadOptions } from "../uploads/uploadReport.ts";
import { postMultipart } from "./adminUploads.ts";
import type { AcceptedUpload, UploadPreview } from "./answers.ts";

/**
 * The customer's own data upload (customer-area.md section 2, Practice profile): the files as
 * 'data_upload' with the years they may cover; the server keeps the years that have lines and
 * answers them (`years`), or refuses the file with its report.
 */
export function uploadDataFiles(files: File[], years: number[], options: UploadOptions = {}) {
  const body = new FormData();
  for (const file of files) body.append("data_upload", file);
  body.append("years", years.join(","));
  appendUploadOptions(body, options);
  return postMultipart<AcceptedUpload>("/api/management/customer/file/", body);
}

/** What the files hold before anything is loaded: each service year with its lines (and its lines now). */
export function previewDataFiles(files: File[]) {
  const body = new FormData();
  for (const file of files) body.append("data_upload", file);
  body.append("preview", "true");
  return postMultipart<UploadPreview>("/api/management/customer/file/", body);
}
