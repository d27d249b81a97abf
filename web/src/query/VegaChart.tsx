import { VisuallyHidden } from "@mantine/core";
import { useEffect, useId, useRef } from "react";
import { useVegaEmbed } from "react-vega";
import type { VisualizationSpec } from "vega-embed";
import { CSP_SAFE_VEGA } from "./cspSafeVega.ts";

export interface VegaChartProps {
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
 * One Vega-Lite chart (react-vega 8). SVG rendering keeps the marks in the page, where tests and
 * assistive tools can find them; the PDF export still gets a PNG from the view. Loaded lazily:
 * Vega is the largest part of the app and only query screens need it.
 */
export default function VegaChart({ spec, onMarkClick, onDrawn, label, summary }: VegaChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const captionId = useId();
  const embed = useVegaEmbed({
    ref,
    spec: spec as VisualizationSpec,
    // Expressions run in Vega's interpreter: the Content Security Policy forbids eval.
    options: { actions: false, renderer: "svg", mode: "vega-lite", ...CSP_SAFE_VEGA },
    onError: (error) => console.error("[chart]", error),
  });

  // The latest handlers, without re-embedding the chart when a parent re-renders.
  const handlers = useRef({ onMarkClick, onDrawn });
  handlers.current = { onMarkClick, onDrawn };

  useEffect(() => {
    if (!embed) return;
    const view = embed.view;
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
  }, [embed]);

  return (
    <figure
      aria-label={label}
      aria-describedby={captionId}
      style={{ margin: 0 }}
      data-chart-ready={embed ? "true" : "false"}
    >
      <div ref={ref} style={{ width: "100%" }} />
      <VisuallyHidden component="figcaption" id={captionId}>
        {summary}
      </VisuallyHidden>
    </figure>
  );
}
