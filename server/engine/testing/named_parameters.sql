-- Used by bindInputs.test.ts: a list and a text bound by name.
SELECT count(*) AS n, $echo AS echoed
FROM market_cases
WHERE list_contains($names, rendering_name);
