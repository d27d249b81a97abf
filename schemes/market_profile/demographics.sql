-- Population of the service-area zips from the year's demographics (kind DEMO, data-contract.md
-- section 3): totals, and how many of the zips the file covers.
WITH area AS (SELECT DISTINCT zipcode FROM service_area),
demographics AS (
  SELECT CAST(zip AS VARCHAR) AS zip,
         TRY_CAST(population AS DOUBLE) AS population,
         TRY_CAST(population_65_plus AS DOUBLE) AS population_65_plus,
         TRY_CAST(projected_population_5y AS DOUBLE) AS projected_population_5y
  FROM read_parquet($path, union_by_name = true)
)
SELECT count(d.zip) AS zips_covered,
       (SELECT count(*) FROM area) AS zips,
       coalesce(sum(d.population), 0)::DOUBLE AS population,
       coalesce(sum(d.population_65_plus), 0)::DOUBLE AS population_65_plus,
       sum(d.projected_population_5y)::DOUBLE AS projected_population_5y
FROM area
LEFT JOIN demographics AS d ON d.zip = area.zipcode;
