import { Typography } from "@mantine/core";
import { useMemo } from "react";
import { sanitizeHtml } from "./sanitizeHtml.ts";

/** Staff-edited HTML (site contents), sanitized and typeset. */
export function RichText({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized above; the content is staff-authored rich text.
  return <Typography dangerouslySetInnerHTML={{ __html: safe }} />;
}
