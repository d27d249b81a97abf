-- The practice's own paid amounts per surgical case, by service line: a surgical case is a claim
-- (per table) with a surgical line, of the line of its first surgical line in the category table's
-- order; its paid = Σ paid_amount of all the claim's lines. Read only for a chosen line the
-- market has no paid amount for. The kernel divides.
WITH practice_claim AS (
  SELECT source, claim_id, sum(paid_amount) AS paid
  FROM practice_lines
  GROUP BY source, claim_id
  HAVING bool_or(is_surgical)
),
first_surgical_line AS (
  SELECT source, claim_id, service_line,
         row_number() OVER (PARTITION BY source, claim_id ORDER BY category_rank, line) AS position
  FROM practice_lines
  WHERE is_surgical
)
SELECT l.service_line, coalesce(sum(c.paid), 0)::DOUBLE AS paid, count(*)::DOUBLE AS cases
FROM practice_claim AS c
JOIN first_surgical_line AS l ON l.source = c.source AND l.claim_id = c.claim_id AND l.position = 1
WHERE l.service_line IS NOT NULL
GROUP BY l.service_line;
