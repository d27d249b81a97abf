-- Paid amounts per service line: the market's per setting (the year's market cases with a paid
-- amount whose patient zip is in the chosen service-area types), and the practice's own per
-- surgical case (a claim with a surgical line, of the line of its first surgical line in the
-- category table's order, paid = Σ paid_amount of all the claim's lines). The kernel divides.
WITH area_zip AS (
  SELECT DISTINCT a.zipcode
  FROM service_area AS a, request_filter AS f
  WHERE list_contains(f.service_area, a.type)
),
practice_claim AS (
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
SELECT 'market' AS source, m.service_line, m.setting,
       sum(m.paid_amount)::DOUBLE AS paid, sum(m.cases)::DOUBLE AS cases
FROM market_cases AS m
WHERE m.paid_amount IS NOT NULL
  AND m.service_line IS NOT NULL
  AND m.patient_zip IN (SELECT zipcode FROM area_zip)
GROUP BY m.service_line, m.setting
UNION ALL
SELECT 'practice' AS source, l.service_line, NULL AS setting,
       coalesce(sum(c.paid), 0)::DOUBLE AS paid, count(*)::DOUBLE AS cases
FROM practice_claim AS c
JOIN first_surgical_line AS l ON l.source = c.source AND l.claim_id = c.claim_id AND l.position = 1
WHERE l.service_line IS NOT NULL
GROUP BY l.service_line;
