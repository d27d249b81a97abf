/**
 * The view descriptor of a plugin: everything a screen needs to draw a result without knowing the
 * analysis - Vega-Lite charts bound to result keys, tables with column formats and group rows, and
 * map layers. It travels in the manifest as JSON, so it holds data, never functions.
 */

/** How a cell is shown (and exported): see format.ts. */
export type ValueFormat = "text" | "list" | "integer" | "decimal" | "number" | "percent" | "currency";

export interface TableColumn {
  /** Field of a row object. */
  key: string;
  label: string;
  format: ValueFormat;
  /** Shown when the value is missing (null/undefined), e.g. "N/A" or 0. */
  missing?: string | number;
  /**
   * A present value shown as `text` when the row's field `key` is false (querie11: a site shift the
   * market has no outpatient or ASC price for is "not priced", not $0). A missing value shows
   * `missing` first.
   */
  whenFalse?: { key: string; text: string };
}

/**
 * Column builders with the screens' rules built in (customer-area.md section 9): percentages,
 * amounts and plain numbers show 0 when missing; a per-column `missing` overrides that.
 */
const columnOf =
  (format: ValueFormat, defaultMissing?: string | number) =>
  (key: string, label: string, missing: string | number | undefined = defaultMissing): TableColumn =>
    missing === undefined ? { key, label, format } : { key, label, format, missing };

export const column = {
  text: columnOf("text"),
  list: columnOf("list"),
  integer: columnOf("integer"),
  /** One decimal: counts fractional by construction (a percentage of cases: querie11's recapture). */
  decimal: columnOf("decimal", 0),
  number: columnOf("number", 0),
  percent: columnOf("percent", 0),
  currency: columnOf("currency", 0),
};

/** Initial order of a ranking table (largest first), which the user may re-sort. */
export const rankedBy = (key: string) => ({ sort: { key, direction: "desc" as const }, sortable: true });

/**
 * What a table's or chart's dollars are priced at, said beside it (querie11: the market's average
 * paid, not the practice's own payments), with a link to the analysis holding the other figure
 * (querie7, the practice's own revenue). The screen keeps the year of the address in the link.
 */
export interface PriceBasis {
  text: string;
  link?: { analysis: `querie${number}`; label: string };
}

/** The distinct price bases of a view's charts and tables, in their order (a report's one line each). */
export function viewBases(view: Pick<ViewDescriptor, "charts" | "tables">): PriceBasis[] {
  const seen = new Map<string, PriceBasis>();
  for (const item of [...view.charts, ...view.tables])
    if (item.basis && !seen.has(item.basis.text)) seen.set(item.basis.text, item.basis);
  return [...seen.values()];
}

/** A Vega-Lite spec's mark type (of its first layer when layered): "bar", "arc", ... */
export function chartMark(spec: Record<string, unknown>): string | undefined {
  const mark = spec.mark;
  if (typeof mark === "string") return mark;
  if (mark && typeof mark === "object") return (mark as { type?: string }).type;
  const layer = spec.layer;
  return Array.isArray(layer) && layer[0] ? chartMark(layer[0] as Record<string, unknown>) : undefined;
}

/** The kinds of notes a result gives in place of a chart or table (web/src/query/emptyStates.ts). */
export type NoteKind = "one-year" | "no-price";

export interface TableDescriptor {
  id: string;
  title: string;
  /** Top-level result key holding the rows (an array of objects). */
  rowsKey: string;
  columns: TableColumn[];
  /** Field of a row holding its sub-rows (group rows with indented children), if any. */
  childrenKey?: string;
  /** Initial sort; the screen may let the user re-sort. */
  sort?: { key: string; direction: "asc" | "desc" };
  sortable?: boolean;
  /** Cell colouring rules, e.g. the querie3 differential highlight. */
  highlights?: Array<{ key: string; above?: number; below?: number; color: string }>;
  /**
   * A result key: when the result holds a text there, the screen shows that text in place of this
   * chart or table (querie10 with a single year: its changes are all 0 and mean nothing).
   */
  note?: string;
  /** What the note says is missing (the screen's empty state): a second year (default), a price. */
  noteKind?: NoteKind;
  /** What its dollar columns are priced at, said under its title. */
  basis?: PriceBasis;
}

export interface ChartDescriptor {
  id: string;
  title: string;
  /**
   * A Vega-Lite spec whose data is `{ name: <result key> }`: the screen passes that result key
   * (an array of objects) as the named dataset.
   */
  spec: Record<string, unknown>;
  /**
   * The spec compiled to Vega as a card draws it, with its named dataset empty: set by the manifest
   * (chartVega.ts), never by a plugin.
   */
  vega?: Record<string, unknown>;
  /**
   * Drill-down: this chart draws the item picked in another chart. A click on a mark of chart
   * `chart` sets this spec's Vega-Lite param `param` to the clicked datum's `field`; until a click,
   * the first row of that chart's data is picked (querie7: the services of the first group).
   */
  selectedBy?: { chart: string; field: string; param: string };
  /**
   * A breakdown drawn in place of chart `chart` (and the table of that id by the table of this
   * chart's id) once the mark whose datum has `field` equal to `equals` is clicked, with a Back
   * button (querie4: the OTHER slice, npi null, opens the rest of the pie).
   */
  breakdownOf?: { chart: string; field: string; equals: string | number | boolean | null };
  /**
   * A result key: when the result holds a text there, the screen shows that text in place of this
   * chart or table (querie10 with a single year: its changes are all 0 and mean nothing).
   */
  note?: string;
  /** What the note says is missing (the screen's empty state): a second year (default), a price. */
  noteKind?: NoteKind;
  /** What its dollars are priced at, said under its title. */
  basis?: PriceBasis;
}

export interface MapLayer {
  id: string;
  title: string;
  kind: "markers" | "polygons";
  /**
   * Where the features are: a result key, or a dotted path ("outmigration_filtred.1"). `shape` says
   * whether it holds an array of features, an object of features keyed by id, or one shape.
   */
  source: string;
  shape?: "array" | "object" | "single";
  /** Field of a feature holding its `{ type: "poly" | "multipoly", coordinates }` shape (polygons). */
  polygonField?: string;
  /** For polygons: the field giving the colour band and its ascending thresholds and colours. */
  color?: { field: string; thresholds: number[]; colors: string[] };
  /** Field carrying the label drawn on the layer, if any. */
  label?: string;
  /** Field set to true when a shape is an approximation (drive circles, fallback zip circles). */
  approximationField?: string;
}

/** The id of the primary service area's layer a "psa" map opens on (the screen and the report). */
export const PSA_LAYER_ID = "psa";

export interface MapDescriptor {
  id: string;
  title: string;
  center: "us" | "psa" | "facilities";
  zoom: { initial: number; minimum?: number; focused?: number };
  grayscale?: boolean;
  layers: MapLayer[];
}

export interface ViewDescriptor {
  /** The shared layout of screens 6-10, or a layout of its own. */
  layout: "standard" | "shared-6-10";
  charts: ChartDescriptor[];
  tables: TableDescriptor[];
  maps: MapDescriptor[];
}
