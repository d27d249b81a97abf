-- The service-area slices of the year and the reference year, marked customer or competitor and
-- with their area types as bits, kept as tables of the connection (bindInputs.ts rebuilds them when
-- the slice's file, the market files or the organisation's dimensions change). Every kernel
-- statement then scans a plain in-memory table: no Parquet decoding and no marking joins per
-- statement.
CREATE OR REPLACE TEMP TABLE area_cases_marked AS
SELECT *, area_mask(area_types) AS area_mask FROM marked_cases('area_cases');

CREATE OR REPLACE TEMP TABLE area_cases_reference_marked AS
SELECT *, area_mask(area_types) AS area_mask FROM marked_cases('area_cases_reference');

-- The year's slice without the referring provider, summed: a sixth of the rows (1m: 38k -> 6k),
-- for the kernels that do not look at referrers (market_base_rendered, baseViews.ts). Cases are
-- whole numbers (data-contract.md: int >= 1), so the sums are exact in any order.
CREATE OR REPLACE TEMP TABLE area_cases_rendered_marked AS
SELECT * EXCLUDE (referring_npi, referring_name, referred_by_customer, cases), sum(cases)::DOUBLE AS cases
FROM area_cases_marked
GROUP BY ALL;
