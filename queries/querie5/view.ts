import { column, rankedBy, type ViewDescriptor } from "../../server/engine/index.ts";

/** customer-area.md section 9: volume polygon colour bands by share of cases, cut-offs 5, 10, 20, 30. */
export const VOLUME_WEIGHT_THRESHOLDS = [5, 10, 20, 30] as const;
export const VOLUME_WEIGHT_COLORS = ["#eff3ff", "#bdd7e7", "#6baed6", "#3182bd", "#08519c"];

export const footprintView: ViewDescriptor = {
  layout: "standard",
  charts: [
    {
      id: "non_op_by_location",
      title: "Non-operative MSK volume by location",
      spec: {
        $schema: "https://vega.github.io/schema/vega-lite/v6.json",
        data: { name: "non_op_msk_by_location" },
        mark: { type: "bar", tooltip: true },
        encoding: {
          y: { field: "location", type: "nominal", sort: "-x", title: null },
          x: { field: "volume", type: "quantitative", title: "Volume" },
        },
      },
    },
  ],
  tables: [
    {
      id: "volume_table",
      title: "Volume inside and outside the 15-minute drive areas",
      rowsKey: "volume_table_rows",
      columns: [column.text("area", "Area"), column.integer("volume", "Volume")],
    },
    {
      id: "non_op_by_location",
      title: "Non-operative MSK volume by location",
      rowsKey: "non_op_msk_by_location",
      columns: [column.text("location", "Location"), column.integer("volume", "Volume")],
      ...rankedBy("volume"),
    },
    {
      id: "non_op_by_provider",
      title: "Non-operative MSK volume by provider",
      rowsKey: "non_op_msk_by_provider",
      columns: [column.text("name", "Provider"), column.integer("volume", "Volume")],
      ...rankedBy("volume"),
    },
    {
      id: "volume_by_zipcode",
      title: "Practice volume by zip code",
      rowsKey: "volume_by_zipcode",
      columns: [
        column.text("zipcode", "Zip code"),
        column.integer("volume", "Volume"),
        column.percent("weight", "Share"),
      ],
      ...rankedBy("volume"),
    },
  ],
  maps: [
    {
      id: "footprint",
      title: "Location footprint",
      center: "facilities",
      zoom: { initial: 9 },
      layers: [
        {
          id: "zips",
          title: "Practice volume by zip code",
          kind: "polygons",
          source: "volume_by_zipcode",
          shape: "array",
          polygonField: "area_polygon",
          color: { field: "weight", thresholds: [...VOLUME_WEIGHT_THRESHOLDS], colors: VOLUME_WEIGHT_COLORS },
          approximationField: "area_polygon.approximation",
        },
        {
          id: "drive",
          // Circles (no isochrone service) are drawn dashed and explained by the legend.
          title: "15-minute drive",
          kind: "polygons",
          source: "facilities_driving_polygon",
          shape: "array",
          polygonField: "polygon",
          label: "name",
          approximationField: "approximation",
        },
        {
          id: "facilities",
          title: "Facilities",
          kind: "markers",
          source: "facilities_marker",
          shape: "array",
          label: "name",
        },
        {
          id: "locations",
          title: "Locations",
          kind: "markers",
          source: "locations_marker",
          shape: "array",
          label: "name",
        },
      ],
    },
  ],
};
