import { Loader } from "@mantine/core";
import { lazy, Suspense } from "react";

// The sanitizer is as heavy as the rest of a screen: it loads with the first text shown, not before.
const SanitizedHtml = lazy(() => import("./SanitizedHtml.tsx"));

/** Staff-edited HTML (site contents), sanitized and typeset. */
export function RichText({ html }: { html: string }) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
      <SanitizedHtml html={html} />
    </Suspense>
  );
}
