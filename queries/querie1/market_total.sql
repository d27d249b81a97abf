-- Σ M and the customer's part of it.
SELECT coalesce(sum(cases), 0)::DOUBLE AS total,
       coalesce(sum(cases) FILTER (WHERE is_customer), 0)::DOUBLE AS customer
FROM market_base;
