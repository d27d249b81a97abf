import { Typography } from "@mantine/core";
import { useMemo } from "react";
import { sanitizeHtml } from "./sanitizeHtml.ts";

/**
 * Staff-edited HTML, sanitized and typeset. Its own module because the sanitizer (sanitize-html with
 * its HTML and CSS parsers, ~90 kB gzipped) loads only when a text is first shown (RichText.tsx).
 */
export default function SanitizedHtml({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized above; the content is staff-authored rich text.
  return <Typography dangerouslySetInnerHTML={{ __html: safe }} />;
}
