/**
 * querie6 from its prepared table (prepared_sites.sql): the organisation-year's cases in the four
 * settings by what the filters narrow, made once per data version; a request keeps the rows its
 * filters keep (market_base's rule) and adds them up per line, setting and side, as
 * site_of_care.sql does.
 */
import { z } from "zod";
import { FACILITY_TYPES, preparedAnswer, sqlNumber } from "../../server/engine/index.ts";
import { addUpByRank, inMarketBase, marketRowColumns } from "../../server/engine/preparedFilters.ts";
import { type SiteCases, siteOfCareResult } from "./siteOfCare.ts";

const siteRow = z.object({
  ...marketRowColumns,
  setting: z.enum(FACILITY_TYPES),
  is_customer: z.boolean(),
  cases: sqlNumber,
  site_rank: sqlNumber,
});

export const siteOfCarePrepared = preparedAnswer({
  tables: { sites: { sql: "prepared_sites.sql", row: siteRow } },
  answer({ filters, tables }) {
    const sites = addUpByRank(
      tables.sites,
      inMarketBase(filters),
      (row) => row.site_rank,
      (row): SiteCases => ({
        service_line: row.service_line,
        setting: row.setting,
        is_customer: row.is_customer,
        cases: 0,
      }),
      (site, row) => {
        site.cases += row.cases;
      },
    );
    return siteOfCareResult(sites, filters.servicelines);
  },
});
