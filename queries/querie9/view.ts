import { column, type ViewDescriptor } from "../../server/engine/index.ts";

/** customer-area.md section 9: outmigration colour thresholds, in percent. */
export const OUTMIGRATION_THRESHOLDS = [1, 5, 30, 55] as const;
/** Below 1 pale yellow; below 5 light green; below 30 green; below 55 dark green; 55+ darkest green. */
export const OUTMIGRATION_COLORS = ["#ffffcc", "#c2e699", "#78c679", "#31a354", "#006837"];

export const outmigrationView: ViewDescriptor = {
  layout: "shared-6-10",
  charts: [],
  tables: [
    {
      id: "outmigration",
      title: "Outmigration by speciality",
      rowsKey: "outmigration_table",
      columns: [
        column.text("service", "Service"),
        column.integer("PSA", "PSA"),
        column.integer("SSA", "SSA"),
        column.integer("TSA", "TSA"),
        column.integer("OUTSIDE", "Outside SA"),
        column.percent("percentage", "Outmigration %"),
      ],
    },
  ],
  maps: [
    {
      id: "outmigration",
      title: "Outmigration by zip code",
      center: "psa",
      zoom: { initial: 5, minimum: 5, focused: 9 },
      grayscale: true,
      layers: [
        {
          id: "psa",
          title: "Primary service area",
          kind: "polygons",
          source: "psa_polygon",
          shape: "single",
          label: "PSA",
        },
        {
          id: "ssa",
          title: "Secondary service area",
          kind: "polygons",
          source: "ssa_polygon",
          shape: "single",
          label: "SSA",
        },
        {
          id: "tsa",
          title: "Tertiary service area",
          kind: "polygons",
          source: "tsa_polygon",
          shape: "single",
          label: "TSA",
        },
        {
          id: "zips",
          title: "Outmigrated cases by zip code",
          kind: "polygons",
          // An object keyed by zip code; a click opens its services and providers.
          source: "outmigration_filtred.1",
          shape: "object",
          polygonField: "polygon",
          color: {
            field: "percentage",
            thresholds: [...OUTMIGRATION_THRESHOLDS],
            colors: OUTMIGRATION_COLORS,
          },
          approximationField: "polygon.approximation",
        },
      ],
    },
  ],
};
