/**
 * querie10 from its prepared table (prepared_maturity.sql): maturity.sql's rows for every set of
 * service-area types, made once per organisation-year data version; a request picks those of its
 * types and lines. querie10 offers no other filter, so no other narrows its rows.
 */
import { z } from "zod";
import { keepAll, keepWhere } from "../../server/engine/columnTable.ts";
import { preparedAnswer, sqlNumber, sqlText } from "../../server/engine/index.ts";
import { areaMaskOf } from "../../server/engine/preparedFilters.ts";
import { maturityResult } from "./maturity.ts";

const chosenRow = z.object({
  period: z.enum(["current", "reference"]),
  chosen_mask: sqlNumber,
  service_line: sqlText,
  market_cases: sqlNumber,
  customer_cases: sqlNumber,
  customer_asc_cases: sqlNumber,
  providers: sqlNumber,
  referrers: sqlNumber,
});

export const maturityPrepared = preparedAnswer({
  tables: { maturity: { sql: "prepared_maturity.sql", row: chosenRow } },
  answer({ filters, tables, inputs }) {
    const areas = areaMaskOf(filters.service_area);
    const lines = new Set<unknown>(filters.servicelines);
    const table = tables.maturity;
    const keep = keepWhere(keepAll(table.length), table.column("chosen_mask"), (chosen) => chosen === areas);
    const rows = table.rows(keepWhere(keep, table.column("service_line"), (line) => lines.has(line)));
    return maturityResult(rows, filters, inputs);
  },
});
