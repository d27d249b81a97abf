import { column, type TableDescriptor, type ViewDescriptor } from "../../server/engine/index.ts";

const referrerTable = (id: string, title: string, rowsKey: string, sortKey: string): TableDescriptor => ({
  id,
  title,
  rowsKey,
  columns: [
    column.text("name", "Referring provider", "Unknown"),
    column.text("npi", "NPI"),
    column.integer("total", "Referred cases"),
    column.integer("customer", "To the practice"),
    column.integer("competitors", "To competitors"),
    column.percent("customer_share", "Share to the practice"),
  ],
  sort: { key: sortKey, direction: "desc" },
  sortable: true,
});

const stackedReferrals = (source: string, title: string, sortField: string) => ({
  $schema: "https://vega.github.io/schema/vega-lite/v6.json",
  title,
  data: { name: source },
  transform: [
    { window: [{ op: "row_number", as: "rank" }], sort: [{ field: sortField, order: "descending" }] },
    { filter: "datum.rank <= 15" },
    { calculate: "datum.name || datum.npi", as: "label" },
    { fold: ["customer", "competitors"], as: ["destination", "cases"] },
    // The legend in the table's words, not the result's keys ("customer", "competitors").
    {
      calculate: "datum.destination === 'customer' ? 'To the practice' : 'To competitors'",
      as: "destination",
    },
  ],
  mark: { type: "bar", tooltip: true },
  encoding: {
    y: { field: "label", type: "nominal", sort: { field: sortField, order: "descending" }, title: null },
    x: { field: "cases", type: "quantitative", stack: "zero", title: "Cases" },
    color: { field: "destination", type: "nominal", title: null },
  },
});

export const referralView: ViewDescriptor = {
  layout: "standard",
  charts: [
    {
      id: "targets",
      title: "Referral targets",
      spec: stackedReferrals("referral_targets", "Referral targets", "competitors"),
    },
    {
      id: "partners",
      title: "Referral partners",
      spec: stackedReferrals("referral_partners", "Referral partners", "customer"),
    },
  ],
  tables: [
    referrerTable(
      "targets",
      "Referrers sending most cases to competitors",
      "referral_targets",
      "competitors",
    ),
    referrerTable(
      "partners",
      "Referrers sending most cases to the practice",
      "referral_partners",
      "customer",
    ),
  ],
  maps: [],
};
