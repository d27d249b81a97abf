-- querie7's prepared table (prepared.ts): revenue.sql's rows, the practice's paid amounts per
-- category, made once per organisation-year data version. querie7 offers the year only (no filter
-- narrows P), so the table is the kernel's own statement, its sums the kernel's;
-- a filter added to querie7 would need its columns here (its property test would fail first).
SELECT category, coalesce(sum(paid_amount), 0)::DOUBLE AS revenue
FROM practice_lines_placed
GROUP BY category
ORDER BY category;
