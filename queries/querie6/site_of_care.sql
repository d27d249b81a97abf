-- Cases of M by service line, setting and side. Cases without a setting are left out of both the
-- numerators and the denominators of the site-of-care shares (analyses.md querie6).
-- (market_base_rendered is M without the referring provider, in fewer rows.)
SELECT service_line, setting, is_customer, sum(cases)::DOUBLE AS cases
FROM market_base_rendered
WHERE setting IN ('IP', 'OP', 'ASC', 'OFFICE')
GROUP BY service_line, setting, is_customer;
