/**
 * querie7's answer from its revenue per category (revenue.sql's rows, or the prepared path's): the
 * kernel and the prepared answer shape the same rows with this function.
 */
import { share, sum } from "../../server/engine/index.ts";
import { REVENUE_GROUPS, SERVICE_LABELS } from "./groups.ts";

/** The practice's paid amounts of one category (revenue.sql's row); null: lines without one. */
export interface CategoryRevenue {
  category: string | null;
  revenue: number;
}

/** Money is kept to the cent: sums of many doubles would otherwise show 984929.1600000001. */
const cents = (amount: number) => Math.round(amount * 100) / 100;

export function revenueResult(rows: CategoryRevenue[]) {
  // A category outside the table (none today) would land in Other rather than vanish.
  const known = new Set<string>(REVENUE_GROUPS.flatMap((group) => [...group.services]));
  const financialImpact: Record<string, number> = {};
  for (const service of known) financialImpact[service] = 0;
  for (const row of rows) {
    const service = row.category && known.has(row.category) ? row.category : "other";
    financialImpact[service] = cents((financialImpact[service] ?? 0) + row.revenue);
  }
  const groupRevenue = (services: readonly string[]) =>
    cents(sum(services.map((service) => financialImpact[service] ?? 0)));
  const total = cents(sum(REVENUE_GROUPS.map((group) => groupRevenue(group.services))));
  const table = REVENUE_GROUPS.map((group) => {
    const revenue = groupRevenue(group.services);
    return {
      name: group.group,
      revenue,
      percentage: share(revenue, total),
      services: group.services.map((service) => ({
        name: SERVICE_LABELS[service] ?? service,
        service,
        revenue: financialImpact[service] ?? 0,
        percentage: share(financialImpact[service] ?? 0, revenue),
      })),
    };
  });
  return {
    financial_impact_group: Object.fromEntries(
      REVENUE_GROUPS.map((group) => [group.group, groupRevenue(group.services)]),
    ),
    financial_impact_category_to_service: Object.fromEntries(
      REVENUE_GROUPS.map((group) => [group.group, [...group.services]]),
    ),
    financial_impact: financialImpact,
    // The screen's table: a group's share of all groups; a service's share of its group.
    financial_impact_table: table,
    // The detail pie's dataset: every service with its group (the screen filters by the group clicked).
    financial_impact_services: table.flatMap((group) =>
      group.services.map((service) => ({ group: group.name, ...service })),
    ),
    financial_impact_total: total,
  };
}
