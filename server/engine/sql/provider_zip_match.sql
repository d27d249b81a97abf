-- The providers matching the provider_zipcodes filter. A provider's zip is not in the market data:
-- it is taken as the facility zip where the provider performed most cases in the selected year
-- (ties: the lowest zip). Created only when the filter is used: it scans the year's market.
CREATE OR REPLACE TEMP TABLE provider_zip_match AS
SELECT rendering_npi AS npi
FROM (
  SELECT rendering_npi, facility_zip,
         row_number() OVER (PARTITION BY rendering_npi ORDER BY sum(cases) DESC, facility_zip) AS rank
  FROM market_cases
  GROUP BY rendering_npi, facility_zip
) AS main_zip
WHERE rank = 1 AND list_contains((SELECT provider_zipcodes FROM request_filter), facility_zip);
