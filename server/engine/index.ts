/**
 * What a plugin folder imports: the SDK, filter constants, SQL row helpers and shares. Map helpers
 * are in ./geo.ts, imported only by the plugins that draw maps (they load the reference geography).
 */
export {
  ALL_FILTER_FIELDS,
  FACILITY_TYPES,
  type FilterOptions,
  type Filters,
  type NumberFilter,
  SERVICE_AREA_TYPES,
  SERVICE_LINE_LABELS,
  SERVICE_LINES,
  type ServiceLine,
} from "./filters.ts";
export {
  counted,
  type Insight,
  type InsightAnswer,
  type InsightsWriter,
  sentence,
} from "./insights.ts";
export {
  areaWords,
  casesWords,
  changeWords,
  countWords,
  dollarWords,
  linesCasesWords,
  listWords,
  percentWords,
  pointsWords,
  signedWords,
} from "./insightWords.ts";
export {
  definePlugin,
  type KernelContext,
  type Plugin,
  type PluginResult,
  preparedAnswer,
  THEMES,
  type Theme,
} from "./plugin.ts";
export { band, percentChange, share, sum } from "./shares.ts";
export { sqlNumber, sqlNumberOrZero, sqlText, sqlTextList, sqlTextOrNull } from "./sqlRunner.ts";
export type { ChartDescriptor, MapDescriptor, PriceBasis, TableDescriptor, ViewDescriptor } from "./view.ts";
export { column, rankedBy } from "./view.ts";
