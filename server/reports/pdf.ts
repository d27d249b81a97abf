/**
 * The mailed report as a PDF, made on the server with pdfkit: charts are embedded as vector
 * drawings (svg-to-pdfkit turns vega's SVG into PDF paths and text, so figures stay sharp and their
 * labels are real text), laid out by the code the browser export uses (web/src/query/reportLayout.ts).
 */
import PDFDocument from "pdfkit";
import SVGtoPDF from "svg-to-pdfkit";
import {
  drawFindings,
  drawHeading,
  drawSection,
  FONT,
  fitInto,
  type PageWriter,
  REPORT_PAGE,
  roomBelow,
  TEXT_WIDTH,
} from "../../web/src/query/reportLayout.ts";
import type { ReportContent, ReportTable } from "./content.ts";

/** pdfkit draws in points; the shared layout speaks millimetres. */
const MM = 72 / 25.4;
const LOGO_HEIGHT = 12;

function svgSize(svg: string) {
  const match = /<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/.exec(svg);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : { width: 760, height: 400 };
}

/** jsPDF's line height (the shared layout's spacing assumes it): 1.15 times the font size. */
const LINE_HEIGHT_FACTOR = 1.15;

function writerOf(doc: PDFKit.PDFDocument): PageWriter {
  let fontSize = 12;
  return {
    setFontSize: (points) => {
      fontSize = points;
      doc.fontSize(points);
    },
    text: (lines, x, y) => {
      // jsPDF places a line by its baseline; pdfkit by its top.
      const top = y * MM - doc.currentLineHeight() * 0.8;
      // One call per line: without lineBreak, pdfkit draws a "\n" as nothing and the next line
      // on after the first, off the page (a heading's filters or a long finding were cut).
      lines.forEach((line, index) => {
        doc.text(line, x * MM, top + index * fontSize * LINE_HEIGHT_FACTOR, { lineBreak: false });
      });
    },
    split: (text, width) => {
      const words = text.split(" ");
      const lines: string[] = [];
      let line = "";
      for (const word of words) {
        const candidate = line ? `${line} ${word}` : word;
        if (line && doc.widthOfString(candidate) > width * MM) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      if (line) lines.push(line);
      return lines;
    },
  };
}

/**
 * vega's number format writes negatives with U+2212 (MINUS SIGN), which the standard Helvetica
 * (WinAnsi) cannot draw: pdfkit drops it and "-40" reads "40" (querie10's declining lines). The
 * ASCII hyphen-minus is what the tables print.
 */
const drawableText = (svg: string) => svg.replaceAll("\u2212", "-");

/** A chart's or map's SVG as vector drawing, fitted into the room below y (mm). */
function drawSvg(doc: PDFKit.PDFDocument, svg: string, y: number) {
  const room = roomBelow(y);
  const size = fitInto(svgSize(svg), { width: room.width * MM, height: room.height * MM });
  SVGtoPDF(doc, drawableText(svg), REPORT_PAGE.margin * MM, y * MM, {
    width: size.width,
    height: size.height,
    preserveAspectRatio: "xMinYMin meet",
  });
}

function newPage(doc: PDFKit.PDFDocument, content: ReportContent, writer: PageWriter, first: boolean) {
  if (!first) doc.addPage();
  let top = REPORT_PAGE.margin;
  if (content.logoPng) {
    doc.image(content.logoPng, REPORT_PAGE.margin * MM, top * MM, { height: LOGO_HEIGHT * MM });
    top += LOGO_HEIGHT + 2;
  }
  doc.font("Helvetica").fontSize(FONT.small).fillColor("#555555");
  doc.text(
    content.organisationName,
    (REPORT_PAGE.width - REPORT_PAGE.margin - 100) * MM,
    REPORT_PAGE.margin * MM,
    {
      width: 100 * MM,
      align: "right",
      lineBreak: false,
    },
  );
  doc.fillColor("black");
  const y = drawHeading(writer, content.title, content.filterLines, top);
  // The findings in words open the report, as they open the screen.
  return first ? drawFindings(writer, content.findings, y) : y;
}

/** The lowest a table row may end, in points: the page's content bottom (the link sits below it). */
const CONTENT_BOTTOM = (REPORT_PAGE.height - REPORT_PAGE.margin) * MM;

/**
 * The table's rows from y (mm) down; a row that would cross the content bottom goes to a page
 * of its own (`nextPage` answers where its rows start), under the header again. Every position
 * is kept above pdfkit's own bottom, so pdfkit never opens a page by itself (the spill of a
 * near-empty last page holding just the link).
 */
function drawTable(doc: PDFKit.PDFDocument, table: ReportTable, y: number, nextPage: () => number) {
  const x0 = REPORT_PAGE.margin * MM;
  const width = TEXT_WIDTH * MM;
  const columnWidth = width / Math.max(1, table.header.length);
  let top = y * MM;
  const heightOf = (cells: string[], bold: boolean, indent: number) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(FONT.table);
    return Math.max(
      ...cells.map((cell, index) =>
        doc.heightOfString(cell, { width: columnWidth - 6 - (index === 0 ? indent : 0) }),
      ),
      doc.currentLineHeight(),
    );
  };
  const row = (cells: string[], bold: boolean, indent: number) => {
    // Sets the row's font too.
    const height = heightOf(cells, bold, indent);
    cells.forEach((cell, index) => {
      doc.text(cell, x0 + index * columnWidth + (index === 0 ? indent : 0), top, {
        width: columnWidth - 6 - (index === 0 ? indent : 0),
      });
    });
    top += height + 3;
    doc
      .moveTo(x0, top - 1.5)
      .lineTo(x0 + width, top - 1.5)
      .lineWidth(0.3)
      .strokeColor("#cccccc")
      .stroke();
  };
  const headerHeight = heightOf(table.header, true, 0) + 3;
  row(table.header, true, 0);
  for (const line of table.rows) {
    if (top + heightOf(line.cells, false, line.level * 10) + 3 > CONTENT_BOTTOM) {
      top = nextPage() * MM;
      // A page that could not hold the header and one row would loop; the layout never makes one.
      if (top + headerHeight > CONTENT_BOTTOM) break;
      row(table.header, true, 0);
    }
    row(line.cells, false, line.level * 10);
  }
  if (table.moreText) {
    doc.font("Helvetica-Oblique").fontSize(FONT.table);
    if (top + 2 + doc.heightOfString(table.moreText, { width }) > CONTENT_BOTTOM) top = nextPage() * MM;
    doc.text(table.moreText, x0, top + 2, { width });
  }
  doc.font("Helvetica");
}

/**
 * The report's PDF bytes: one page per chart, then per map, then per table (a table too long for
 * its page goes on over the next, under its title "(continued)"), the link at the foot of the last.
 */
export async function reportPdf(content: ReportContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    info: { Title: content.title, Author: content.organisationName, Producer: "Vitality" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  const writer = writerOf(doc);
  let first = true;
  for (const figure of [...content.charts, ...content.maps]) {
    const y = drawSection(writer, figure.title, newPage(doc, content, writer, first));
    first = false;
    drawSvg(doc, figure.svg, y);
  }
  for (const table of content.tables) {
    const y = drawSection(writer, table.title, newPage(doc, content, writer, first));
    first = false;
    const continued = () =>
      drawSection(writer, `${table.title} (continued)`, newPage(doc, content, writer, false)) + 2;
    drawTable(doc, table, y + 2, continued);
  }
  if (first) newPage(doc, content, writer, true);
  // The link under the last page's content, in the bottom margin: a long address (every filter in
  // it) wraps, and is cut with "…" where the margin ends (the link itself stays whole), so it never
  // makes pdfkit open a page of its own.
  doc.font("Helvetica").fontSize(FONT.small).fillColor("#1c64f2");
  const linkTop = CONTENT_BOTTOM + 2 * MM;
  doc.text(`Open in Vitality: ${content.link}`, REPORT_PAGE.margin * MM, linkTop, {
    link: content.link,
    underline: true,
    width: TEXT_WIDTH * MM,
    height: REPORT_PAGE.height * MM - 3 * MM - linkTop,
    ellipsis: true,
  });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
