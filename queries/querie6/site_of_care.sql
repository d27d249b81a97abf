-- Cases of M by service line, setting and side. Cases without a setting are left out of both the
-- numerators and the denominators of the site-of-care shares (analyses.md querie6).
SELECT service_line, setting, is_customer, sum(cases)::DOUBLE AS cases
FROM market_base
WHERE setting IN ('IP', 'OP', 'ASC', 'OFFICE')
GROUP BY service_line, setting, is_customer;
