import sanitize from "sanitize-html";

/**
 * The rich text staff write in Manage contents (About product, Licence, Copyright) is HTML that
 * customers' browsers render. One allow-list, run on save by the server and on display by the web
 * app (web/src/components/sanitizeHtml.ts imports this module): the formatting the Tiptap editor
 * produces, links to http, https and mailto only, and nothing that can run code or restyle the page
 * (no script, style, iframe, svg, event attributes, style or class attributes, javascript: or data:
 * URLs). The CSP is the second line of defence.
 */
const FORMATTING_TAGS = [
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "hr",
  "a",
  "sub",
  "sup",
];

const policy: sanitize.IOptions = {
  allowedTags: FORMATTING_TAGS,
  // target and rel are the ones transformTags sets below.
  allowedAttributes: { a: ["href", "title", "target", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Whole elements (their text too) that only ever carry code, styles or foreign markup.
  disallowedTagsMode: "discard",
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "template",
    "svg",
    "math",
    "iframe",
    "object",
  ],
  transformTags: {
    // Links leave the product in a new tab that cannot reach back into this page.
    a: sanitize.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer" }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitize(html, policy);
}
