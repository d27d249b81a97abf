/**
 * querie10 from its prepared table (prepared_maturity.sql): maturity.sql's rows for every set of
 * service-area types, made once per organisation-year data version; a request picks those of its
 * types and lines. querie10 offers no other filter, so no other narrows its rows.
 */
import { z } from "zod";
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
    const mask = areaMaskOf(filters.service_area);
    const lines = new Set<string>(filters.servicelines);
    const rows = tables.maturity.filter((row) => row.chosen_mask === mask && lines.has(row.service_line));
    return maturityResult(rows, filters, inputs);
  },
});
