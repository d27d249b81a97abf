-- Cases of M per service line: all of them, and the customer's.
SELECT service_line,
       sum(cases)::DOUBLE AS market_cases,
       coalesce(sum(cases) FILTER (WHERE is_customer), 0)::DOUBLE AS customer_cases
FROM market_base
GROUP BY service_line;
