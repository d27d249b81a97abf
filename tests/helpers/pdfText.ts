import { extractText, getDocumentProxy } from "unpdf";

/**
 * A PDF's text read by pdf.js (unpdf): what a reader's search would find, all pages joined, and
 * each page's own (where a line of text landed).
 */
export async function pdfText(
  bytes: Uint8Array,
): Promise<{ pages: number; text: string; pageTexts: string[] }> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(document, { mergePages: false });
  // Joined as unpdf's mergePages joins them (runs of blanks as one space).
  const merged = text
    .join("\n")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n");
  return { pages: totalPages, text: merged, pageTexts: text };
}
