/**
 * The layout shared by the browser's chart PDF (jsPDF, pdfExport.ts) and the mailed report
 * (pdfkit, server/reports/pdf.ts): landscape A4 in millimetres, the heading (title, then the
 * filters in words), how a chart fits the room left, and a table cut to its first rows. Pure:
 * each side hands a PageWriter over its own PDF library.
 */

/** customer-area.md section 9: the chart PDF is landscape A4 (297 x 210 mm). */
export const REPORT_PAGE = { width: 297, height: 210, margin: 14 };
export const TEXT_WIDTH = REPORT_PAGE.width - 2 * REPORT_PAGE.margin;

/** Rows of a table the mailed report shows; the rest are counted ("N more rows in the app"). */
export const REPORT_TABLE_ROWS = 15;

export const FONT = { title: 16, filters: 9, section: 12, findings: 10, table: 8, small: 8 };

/** The title of the analysis's sentences, on the screen and in the PDFs. */
export const FINDINGS_TITLE = "Findings";

/** What the layout needs of a PDF library, in millimetres and points (font sizes). */
export interface PageWriter {
  setFontSize(points: number): void;
  /** Lines of text starting at (x, y): y is the first line's baseline. */
  text(lines: string[], x: number, y: number): void;
  /** The text broken into lines that fit `width` at the current font size. */
  split(text: string, width: number): string[];
}

/** The screen title and the applied filters; answers the y where the page's content starts. */
export function drawHeading(
  writer: PageWriter,
  title: string,
  filterLines: string[],
  top = REPORT_PAGE.margin,
) {
  let y = top + 4;
  writer.setFontSize(FONT.title);
  writer.text([title], REPORT_PAGE.margin, y);
  y += 7;
  writer.setFontSize(FONT.filters);
  const lines = writer.split(filterLines.join("   |   "), TEXT_WIDTH);
  writer.text(lines, REPORT_PAGE.margin, y);
  return y + lines.length * 4 + 4;
}

/**
 * The analysis's findings in words, below the first page's heading (nothing when it has none):
 * their title, then each sentence as a bullet, wrapped to the page. Answers the y below them.
 */
export function drawFindings(writer: PageWriter, sentences: readonly string[], y: number) {
  if (sentences.length === 0) return y;
  writer.setFontSize(FONT.section);
  writer.text([FINDINGS_TITLE], REPORT_PAGE.margin, y);
  y += 6;
  writer.setFontSize(FONT.findings);
  for (const sentence of sentences) {
    const lines = writer.split(`•  ${sentence}`, TEXT_WIDTH);
    writer.text(lines, REPORT_PAGE.margin, y);
    y += lines.length * 4.5 + 1;
  }
  return y + 4;
}

/** A section title (a chart's or a table's); answers the y below it. */
export function drawSection(writer: PageWriter, title: string, y: number) {
  writer.setFontSize(FONT.section);
  writer.text([title], REPORT_PAGE.margin, y);
  return y + 4;
}

/** The size that fits `size` into `room`, keeping its proportions (never enlarged beyond the room). */
export function fitInto(size: { width: number; height: number }, room: { width: number; height: number }) {
  const scale = Math.min(room.width / size.width, room.height / size.height);
  return { width: size.width * scale, height: size.height * scale };
}

/** The room a chart has below y on a page. */
export const roomBelow = (y: number) => ({
  width: TEXT_WIDTH,
  height: REPORT_PAGE.height - REPORT_PAGE.margin - y,
});

/** The first rows of a table and the words for the others. */
export function tablePreview<Row>(rows: Row[], limit = REPORT_TABLE_ROWS) {
  const more = Math.max(0, rows.length - limit);
  return {
    rows: rows.slice(0, limit),
    more,
    moreText: more > 0 ? `${more} more ${more === 1 ? "row" : "rows"} in the app` : undefined,
  };
}
