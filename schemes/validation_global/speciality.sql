-- Per surgical service line: the practice's surgical cases (all its data) and the market's surgical
-- cases of the service area (PSA+SSA+TSA, all settings).
WITH practice AS (
  SELECT service_line, sum(volume) AS cases FROM practice_cases WHERE is_surgical GROUP BY service_line
),
market AS (
  SELECT service_line, sum(cases) AS cases FROM market_base WHERE is_surgical GROUP BY service_line
)
SELECT line AS service_line,
       coalesce(practice.cases, 0) AS practice_cases,
       coalesce(market.cases, 0) AS market_cases
FROM unnest($service_lines::VARCHAR[]) AS lines(line)
LEFT JOIN practice ON practice.service_line = line
LEFT JOIN market ON market.service_line = line
