-- The practice's own volume per category (surgical: cases; others: lines weighted by units), shown
-- beside the market figures: the practice file is the customer's full book, the market file only
-- what the market source saw of it.
SELECT category, sum(volume)::DOUBLE AS volume
FROM practice_cases
WHERE category IS NOT NULL
GROUP BY category;
