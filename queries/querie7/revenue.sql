-- Revenue of the practice's lines by category: Σ paid_amount (missing counts as 0). Lines without
-- a category come back with category NULL (the Other group).
SELECT category, coalesce(sum(paid_amount), 0)::DOUBLE AS revenue
FROM practice_base
GROUP BY category;
