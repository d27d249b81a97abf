import type { DrawnChart } from "./chartViews.ts";

/** customer-area.md section 9: the chart PDF is landscape A4 (297 x 210 mm). */
const PAGE = { width: 297, height: 210, margin: 14 };

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
 * One landscape A4 page per chart: the screen title, the applied filters, then the chart image
 * scaled to fit. jsPDF is loaded only when a PDF is asked for.
 */
export async function chartsToPdf(title: string, filterLines: string[], charts: DrawnChart[]): Promise<Blob> {
  const { jsPDF } = await import("jspdf");
  const doc = new jsPDF({ orientation: "landscape", unit: "mm", format: "a4", compress: true });
  const textWidth = PAGE.width - 2 * PAGE.margin;
  for (const [index, chart] of charts.entries()) {
    if (index > 0) doc.addPage("a4", "landscape");
    let y = PAGE.margin + 4;
    doc.setFontSize(16);
    doc.text(title, PAGE.margin, y);
    y += 7;
    doc.setFontSize(9);
    const lines = doc.splitTextToSize(filterLines.join("   |   "), textWidth) as string[];
    doc.text(lines, PAGE.margin, y);
    y += lines.length * 4 + 4;
    doc.setFontSize(12);
    doc.text(chart.title, PAGE.margin, y);
    y += 4;
    const url = await chart.toImageURL();
    const size = await imageSize(url);
    const room = { width: textWidth, height: PAGE.height - PAGE.margin - y };
    const scale = Math.min(room.width / size.width, room.height / size.height);
    doc.addImage(url, "PNG", PAGE.margin, y, size.width * scale, size.height * scale, undefined, "FAST");
  }
  return doc.output("blob");
}
