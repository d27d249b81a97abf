const FORBIDDEN_ELEMENTS = "script, style, iframe, object, embed, link, meta, base, form";

/**
 * Rich text edited by staff is shown as HTML. This strips what could run code or restyle the page
 * (scripts, frames, inline handlers, javascript: URLs) before it is rendered; the CSP is the second
 * line of defence.
 */
export function sanitizeHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, "text/html");
  for (const element of document.body.querySelectorAll(FORBIDDEN_ELEMENTS)) element.remove();
  for (const element of document.body.querySelectorAll("*")) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim().toLowerCase();
      if (name.startsWith("on") || ((name === "href" || name === "src") && value.startsWith("javascript:"))) {
        element.removeAttribute(attribute.name);
      }
    }
    if (element.tagName === "A") {
      element.setAttribute("rel", "noopener noreferrer");
      element.setAttribute("target", "_blank");
    }
  }
  return document.body.innerHTML;
}
