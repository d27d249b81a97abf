import { z } from "zod";
import { sqlNumber } from "../../server/engine/index.ts";
import { compareText, minText } from "../../server/engine/textOrder.ts";

/** One row of pairs.sql: M's cases of a facility and rendering provider, customer's or not. */
export const pairRow = z.object({
  facility_npi: z.string().nullable(),
  rendering_npi: z.string().nullable(),
  is_customer: z.boolean(),
  facility_name: z.string().nullable(),
  facility_zip: z.string().nullable(),
  rendering_name: z.string().nullable(),
  cases: sqlNumber,
});
export type Pair = z.infer<typeof pairRow>;

/**
 * A competitor's name or zip, which the screen's rows cannot do without: a facility or provider
 * without one fails the run, as the rows' schema refused it when they were SQL rows (a plain check:
 * a schema parse per group was a third of the answer's time at 1m).
 */
function known(value: string | null, what: string, npi: string): string {
  if (value === null) throw new Error(`querie1: the competitor ${npi} has no ${what}`);
  return value;
}

interface Group {
  npi: string;
  name: string | null;
  zip: string | null;
  claims: number;
  pairs: Pair[];
}

/** Competitor pairs grouped by an NPI; pairs without that NPI belong to no group (as an SQL join). */
function groupBy(pairs: Pair[], npiOf: (pair: Pair) => string | null, nameOf: (pair: Pair) => string | null) {
  const groups = new Map<string, Group>();
  for (const pair of pairs) {
    const npi = npiOf(pair);
    if (npi === null) continue;
    const group = groups.get(npi) ?? { npi, name: null, zip: null, claims: 0, pairs: [] };
    group.name = minText(group.name, nameOf(pair));
    group.zip = minText(group.zip, pair.facility_zip);
    // Cases are whole numbers (data-contract.md: int >= 1): sums are exact in any order.
    group.claims += pair.cases;
    group.pairs.push(pair);
    groups.set(npi, group);
  }
  return [...groups.values()].sort(
    (a, b) => b.claims - a.claims || compareText(a.name, b.name) || compareText(a.npi, b.npi),
  );
}

/** Names by descending cases, then name (NULL names sort last and are left out of the list). */
const namesByCases = (pairs: Pair[], nameOf: (pair: Pair) => string | null) =>
  [...pairs]
    .sort((a, b) => b.cases - a.cases || compareText(nameOf(a), nameOf(b)))
    .map(nameOf)
    .filter((name) => name !== null);

/**
 * Competitor cases of M by facility and by rendering provider, with Σ M and the customer's part.
 * A customer provider's case at another hospital is the customer's (data-contract.md section 5), so
 * it is not counted for that hospital: customer + competitors = Σ M.
 */
export function marketShares(pairs: Pair[]) {
  const competitor = pairs.filter((pair) => !pair.is_customer);
  const facilities = groupBy(
    competitor,
    (pair) => pair.facility_npi,
    (pair) => pair.facility_name,
  ).map((facility) => ({
    npi: facility.npi,
    name: known(facility.name, "name", facility.npi),
    zipcode: known(facility.zip, "zip code", facility.npi),
    claims: facility.claims,
    providers: namesByCases(facility.pairs, (pair) => pair.rendering_name),
  }));
  const providers = groupBy(
    competitor,
    (pair) => pair.rendering_npi,
    (pair) => pair.rendering_name,
  ).map((provider) => {
    // Its zip: the facility zip of the pair with most cases (ties: the lowest zip, NULL last).
    const [main] = [...provider.pairs].sort(
      (a, b) => b.cases - a.cases || compareText(a.facility_zip, b.facility_zip),
    );
    return {
      npi: provider.npi,
      name: known(provider.name, "name", provider.npi),
      zipcode: known(main?.facility_zip ?? null, "zip code", provider.npi),
      claims: provider.claims,
      facilities: namesByCases(provider.pairs, (pair) => pair.facility_name),
    };
  });
  const total = pairs.reduce((sum, pair) => sum + pair.cases, 0);
  const customer = pairs.filter((pair) => pair.is_customer).reduce((sum, pair) => sum + pair.cases, 0);
  return { facilities, providers, total, customer };
}
