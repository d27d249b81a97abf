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

function writerOf(doc: PDFKit.PDFDocument): PageWriter {
  return {
    setFontSize: (points) => {
      doc.fontSize(points);
    },
    text: (lines, x, y) => {
      // jsPDF places a line by its baseline; pdfkit by its top.
      const top = y * MM - doc.currentLineHeight() * 0.8;
      doc.text(lines.join("\n"), x * MM, top, { lineBreak: false });
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

function drawTable(doc: PDFKit.PDFDocument, table: ReportTable, y: number) {
  const x0 = REPORT_PAGE.margin * MM;
  const width = TEXT_WIDTH * MM;
  const columnWidth = width / Math.max(1, table.header.length);
  let top = y * MM;
  const row = (cells: string[], bold: boolean, indent: number) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(FONT.table);
    const height = Math.max(
      ...cells.map((cell) => doc.heightOfString(cell, { width: columnWidth - 6 })),
      doc.currentLineHeight(),
    );
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
  row(table.header, true, 0);
  for (const line of table.rows) row(line.cells, false, line.level * 10);
  if (table.moreText) {
    doc
      .font("Helvetica-Oblique")
      .fontSize(FONT.table)
      .text(table.moreText, x0, top + 2);
  }
  doc.font("Helvetica");
}

/** The report's PDF bytes: one page per chart, one per table, the link on the last. */
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
  for (const chart of content.charts) {
    const y = drawSection(writer, chart.title, newPage(doc, content, writer, first));
    first = false;
    const size = fitInto(svgSize(chart.svg), {
      width: roomBelow(y).width * MM,
      height: roomBelow(y).height * MM,
    });
    SVGtoPDF(doc, chart.svg, REPORT_PAGE.margin * MM, y * MM, {
      width: size.width,
      height: size.height,
      preserveAspectRatio: "xMinYMin meet",
    });
  }
  for (const table of content.tables) {
    const y = drawSection(writer, table.title, newPage(doc, content, writer, first));
    first = false;
    drawTable(doc, table, y + 2);
  }
  if (first) newPage(doc, content, writer, true);
  doc.font("Helvetica").fontSize(FONT.filters).fillColor("#1c64f2");
  const linkY = (REPORT_PAGE.height - REPORT_PAGE.margin + 4) * MM;
  doc.text(`Open in Vitality: ${content.link}`, REPORT_PAGE.margin * MM, linkY, {
    link: content.link,
    underline: true,
    width: TEXT_WIDTH * MM,
    lineBreak: false,
  });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
