-- R: cases of M referred by one of the customer's providers, per service line, split between the
-- customer and the competitor rendering provider that performed them.
SELECT service_line,
       is_customer,
       CASE WHEN NOT is_customer THEN coalesce(rendering_name, rendering_npi) END AS competitor,
       sum(cases)::DOUBLE AS cases
FROM market_base
WHERE referred_by_customer
GROUP BY ALL;
