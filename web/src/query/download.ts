/** Saves a file made in the page (the chart PDF) under a name. */
export function downloadBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Opens an export the server wrote (customer-area.md section 4: "a response with status 200
 * carries a path, opened in a new window"); the answer is an attachment, so the browser saves it.
 */
export function openExport(path: string) {
  window.open(path, "_blank", "noopener");
}
