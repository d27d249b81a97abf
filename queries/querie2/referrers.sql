-- Referring providers of cases in M that are not the customer's own providers: their referred
-- cases, split between the customer and its competitors.
SELECT referring_npi AS npi,
       min(referring_name) AS name,
       sum(cases)::DOUBLE AS total,
       coalesce(sum(cases) FILTER (WHERE is_customer), 0)::DOUBLE AS customer,
       coalesce(sum(cases) FILTER (WHERE NOT is_customer), 0)::DOUBLE AS competitors
FROM market_base
WHERE referring_npi IS NOT NULL AND NOT referred_by_customer
GROUP BY referring_npi;
