import type { DrawnChart } from "./chartViews.ts";
import {
  drawFindings,
  drawHeading,
  drawSection,
  fitInto,
  type PageWriter,
  REPORT_PAGE,
  roomBelow,
} from "./reportLayout.ts";

const imageSize = (url: string) =>
  new Promise<{ width: number; height: number }>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error("The chart image could not be read."));
    image.src = url;
  });

export const pdfFileName = (title: string) =>
  `${
    title
      .replace(/[^A-Za-z0-9 _-]/g, "")
      .trim()
      .replace(/\s+/g, "_") || "chart"
  }.pdf`;

/**
 * One landscape A4 page per chart: the screen title, the applied filters (on the first page the
 * findings in words), then the chart image scaled to fit. jsPDF is loaded only when a PDF is asked for.
 */
export async function chartsToPdf(
  title: string,
  filterLines: string[],
  charts: DrawnChart[],
  findings: readonly string[] = [],
): Promise<Blob> {
  const { jsPDF } = await import("jspdf");
  const doc = new jsPDF({ orientation: "landscape", unit: "mm", format: "a4", compress: true });
  // The mailed report draws the same heading and sections through pdfkit (server/reports/pdf.ts).
  const writer: PageWriter = {
    setFontSize: (points) => doc.setFontSize(points),
    text: (lines, x, y) => doc.text(lines, x, y),
    split: (text, width) => doc.splitTextToSize(text, width) as string[],
  };
  for (const [index, chart] of charts.entries()) {
    if (index > 0) doc.addPage("a4", "landscape");
    const heading = drawHeading(writer, title, filterLines);
    // The findings in words open the first page, as they open the screen.
    const y = drawSection(
      writer,
      chart.title,
      index === 0 ? drawFindings(writer, findings, heading) : heading,
    );
    const url = await chart.toImageURL();
    const size = fitInto(await imageSize(url), roomBelow(y));
    doc.addImage(url, "PNG", REPORT_PAGE.margin, y, size.width, size.height, undefined, "FAST");
  }
  return doc.output("blob");
}
