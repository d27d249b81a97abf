SELECT count(*) AS n FROM market_cases_previous
