/** The smallest complete plugin: what docs/plugins.md walks through, and what registry.test.ts discovers. */
import { z } from "zod";
import {
  casesWords,
  counted,
  definePlugin,
  percentWords,
  sentence,
  share,
  sqlNumber,
  sqlText,
} from "../../../index.ts";
import { catalogue } from "./catalogue.ts";
import { texts } from "./texts.ts";

const row = z.object({ setting: sqlText, cases: sqlNumber });

export default definePlugin({
  id: "cases_by_setting",
  ...catalogue,
  texts,
  description: "Market cases of the service area by setting.",
  version: 1,
  dir: import.meta.dir,
  filters: { fields: ["year", "servicelines"] },
  view: {
    layout: "standard",
    charts: [],
    tables: [
      {
        id: "settings",
        title: "Cases by setting",
        rowsKey: "cases_by_setting",
        columns: [
          { key: "setting", label: "Setting", format: "text" },
          { key: "cases", label: "Cases", format: "integer" },
          { key: "share", label: "Share", format: "percent", missing: 0 },
        ],
      },
    ],
    maps: [],
  },
  async kernel({ sql }) {
    const rows = await sql.rows("cases_by_setting.sql", row, { minimum: 1 });
    const total = rows.reduce((sum, entry) => sum + entry.cases, 0);
    return { cases_by_setting: rows.map((entry) => ({ ...entry, share: share(entry.cases, total) })) };
  },
  // The finding in words: each figure by its path in the answer; none when there is no case.
  insights: ({ results }) => {
    const top = [...results.cases_by_setting].sort((a, b) => b.cases - a.cases)[0];
    const at = `results.cases_by_setting.${top ? results.cases_by_setting.indexOf(top) : 0}`;
    return [
      sentence(
        "insight_setting",
        { share: [`${at}.share`, top?.share], cases: [`${at}.cases`, counted(top?.cases)] },
        ({ share, cases }) => ({
          setting: top!.setting,
          share: percentWords(share),
          cases: casesWords(cases),
        }),
      ),
    ];
  },
});
