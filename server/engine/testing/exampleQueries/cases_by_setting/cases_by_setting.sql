-- Cases of M by setting, at least $minimum cases.
SELECT coalesce(setting, 'none') AS setting, sum(cases)::DOUBLE AS cases
FROM market_base
GROUP BY ALL
HAVING sum(cases) >= $minimum
ORDER BY setting;
