-- A service-area slice (the year's, the reference year's), marked customer or competitor and
-- with its area types as bits, as macros over the bound relations (marked_cases and area_mask of
-- base_views.sql, the slices of derived_relations.sql). Like organisation_tables.sql, each is
-- written once per organisation-year as a derived file and read through a view, or kept as a
-- table of the connection without derived files (bindInputs.ts): every kernel statement scans the
-- marked rows, with no marking joins per statement.
CREATE OR REPLACE TEMP MACRO area_cases_marked_of(area_relation) AS TABLE
SELECT *, area_mask(area_types) AS area_mask FROM marked_cases(area_relation);

-- The year's slice without the referring provider, summed: a sixth of the rows (1m: 38k -> 6k),
-- for the kernels that do not look at referrers (market_base_rendered, baseViews.ts). Cases are
-- whole numbers (data-contract.md: int >= 1), so the sums are exact in any order.
CREATE OR REPLACE TEMP MACRO area_cases_rendered_marked_of(marked_relation) AS TABLE
SELECT * EXCLUDE (referring_npi, referring_name, referred_by_customer, cases, paid_amount, paid_cases),
       sum(cases)::DOUBLE AS cases, sum(paid_amount)::DOUBLE AS paid_amount, sum(paid_cases)::DOUBLE AS paid_cases
FROM query_table(marked_relation)
GROUP BY ALL;
