import { VisuallyHidden } from "@mantine/core";
import { useEffect, useId, useRef, useState } from "react";
import { parse, type Spec, View } from "vega";
import { Handler } from "vega-tooltip";
import { CSP_SAFE_VEGA } from "./cspSafeVega.ts";

export interface VegaChartProps {
  /** The chart's Vega spec, compiled by the server and filled for this screen (chartSpec.ts). */
  spec: Record<string, unknown>;
  /** A click on a mark, with the datum it draws. */
  onMarkClick?: (datum: Record<string, unknown>) => void;
  /** The drawn chart's PNG maker, or undefined once it is gone (for the PDF export). */
  onDrawn?: (toImageURL: (() => Promise<string>) | undefined) => void;
  label: string;
  /** The chart in words (its text alternative), read with the figure. */
  summary: string;
}

/**
 * One chart, drawn by Vega from the spec the server compiled from the analysis's Vega-Lite
 * (server/engine/chartVega.ts): the browser loads no Vega-Lite compiler. SVG rendering keeps the
 * marks in the page, where tests and assistive tools can find them; the PDF export still gets a PNG
 * from the view. Loaded lazily: Vega is the largest part of the app and only query screens need it.
 */
export default function VegaChart({ spec, onMarkClick, onDrawn, label, summary }: VegaChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const captionId = useId();
  const [view, setView] = useState<View>();

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Expressions run in Vega's interpreter: the Content Security Policy forbids eval.
    const drawn = new View(parse(spec as Spec, undefined, { ast: CSP_SAFE_VEGA.ast }), {
      expr: CSP_SAFE_VEGA.expr,
      renderer: "svg",
      container: element,
    });
    drawn.tooltip(new Handler().call);
    let current = true;
    drawn.runAsync().then(
      () => {
        if (current) setView(drawn);
      },
      (error) => console.error("[chart]", error),
    );
    return () => {
      current = false;
      setView(undefined);
      drawn.finalize();
    };
  }, [spec]);

  // The latest handlers, without re-embedding the chart when a parent re-renders.
  const handlers = useRef({ onMarkClick, onDrawn });
  handlers.current = { onMarkClick, onDrawn };

  useEffect(() => {
    if (!view) return;
    const listener = (_event: unknown, item: unknown) => {
      const datum = (item as { datum?: unknown } | null | undefined)?.datum;
      if (datum && typeof datum === "object")
        handlers.current.onMarkClick?.(datum as Record<string, unknown>);
    };
    view.addEventListener("click", listener);
    handlers.current.onDrawn?.(() => view.toImageURL("png", 2));
    return () => {
      view.removeEventListener("click", listener);
      handlers.current.onDrawn?.(undefined);
    };
  }, [view]);

  return (
    <figure
      aria-label={label}
      aria-describedby={captionId}
      style={{ margin: 0 }}
      data-chart-ready={view ? "true" : "false"}
    >
      <div ref={ref} style={{ width: "100%" }} />
      <VisuallyHidden component="figcaption" id={captionId}>
        {summary}
      </VisuallyHidden>
    </figure>
  );
}
