-- Cases of M per service line: all of them, and the customer's. (market_base_rendered is M without
-- the referring provider, in fewer rows.)
SELECT service_line,
       sum(cases)::DOUBLE AS market_cases,
       coalesce(sum(cases) FILTER (WHERE is_customer), 0)::DOUBLE AS customer_cases
FROM market_base_rendered
GROUP BY service_line;
