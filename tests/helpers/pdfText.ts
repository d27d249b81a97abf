import { extractText, getDocumentProxy } from "unpdf";

/** A PDF's text, all pages joined, read by pdf.js (unpdf): what a reader's search would find. */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(document, { mergePages: true });
  return { pages: totalPages, text };
}
