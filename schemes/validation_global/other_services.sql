-- Non-surgical volumes of the practice data per category (lines weighted by units).
SELECT category, sum(volume) AS volume
FROM practice_cases
WHERE NOT is_surgical AND list_contains($categories::VARCHAR[], category)
GROUP BY category
