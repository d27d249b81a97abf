import type { Download, Page } from "playwright-core";

/**
 * The download a click starts, on the page itself or in the window it opens (the export path is
 * opened in a new window). The popup's listener is attached in the same tick as the 'page' event:
 * a popup that only downloads is closed by Chromium at once, and a later listener misses it.
 */
export function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const context = page.context();
  return new Promise<Download>((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error("no download within 15 s")), 15_000);
    const onDownload = (download: Download) => finish(undefined, download);
    const onPopup = (popup: Page) => popup.once("download", onDownload);
    function finish(error?: Error, download?: Download) {
      clearTimeout(timer);
      page.off("download", onDownload);
      context.off("page", onPopup);
      if (download) resolve(download);
      else reject(error);
    }
    page.once("download", onDownload);
    context.on("page", onPopup);
    click().catch((error) => finish(error));
  });
}
