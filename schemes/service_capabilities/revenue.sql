-- Revenue and payer mix per category from the practice's lines (as querie7 counts revenue):
-- Σ paid_amount (missing counts as 0) and Σ units per payer class. Lines without a category are
-- returned with category NULL so the section shares can be taken of the practice's whole revenue.
SELECT category,
       payer_class,
       coalesce(sum(paid_amount), 0)::DOUBLE AS revenue,
       coalesce(sum(units), 0)::DOUBLE AS units
FROM practice_base
GROUP BY ALL;
