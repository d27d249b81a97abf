/** The reference page's text helpers: escaping, `code` spans, and the little Markdown the document uses. */

export const escapeHtml = (text: unknown) =>
  String(text).replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );

/** Escaped text with its `code` spans (the summaries and answers are written that way) as <code>. */
export const prose = (text: unknown) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

/** An id for an anchor, from any words. */
export const slug = (text: string) => text.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "");

/**
 * The document's descriptions as HTML: paragraphs split by blank lines, `## ` and `### ` headings
 * (each with an id), `- ` list items, `code` spans, and fenced blocks (the live channel's message
 * schemas). Nothing else of Markdown is used there.
 */
export function markdown(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const fenced = /^```\w*\n([\s\S]*)\n```$/.exec(block);
      if (fenced) return `<pre><code>${escapeHtml(fenced[1])}</code></pre>`;
      const heading = /^(#{2,3}) (.+)$/.exec(block);
      if (heading) {
        const level = heading[1]!.length;
        return `<h${level} id="${slug(heading[2]!).toLowerCase()}">${prose(heading[2])}</h${level}>`;
      }
      const lines = block.split("\n");
      if (lines.every((line) => line.startsWith("- "))) {
        return `<ul>${lines.map((line) => `<li>${prose(line.slice(2))}</li>`).join("")}</ul>`;
      }
      return `<p>${prose(block.replace(/\n/g, " "))}</p>`;
    })
    .join("\n");
}

/** A JSON value as a readable block. */
export const jsonBlock = (value: unknown, label: string) =>
  `<figure class="example"><figcaption>${escapeHtml(label)}</figcaption><pre><code>${escapeHtml(
    JSON.stringify(value, null, 2),
  )}</code></pre></figure>`;
