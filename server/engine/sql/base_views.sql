-- The base sets of analyses.md ("Filters and the base set"), shared by every kernel: the parts
-- that do not depend on the request. Views, macros and tables of the data only; no values are
-- spliced into this text. The filtered views themselves (market_base, market_base_reference,
-- practice_base, practice_cases) are written per filter shape by baseViews.ts.

-- Customer or competitor (data-contract.md section 5): the customer's when its rendering provider
-- is one of the organisation's providers or its facility one of its facilities.
CREATE OR REPLACE TEMP MACRO marked_cases(cases_relation) AS TABLE
SELECT m.*,
       coalesce(m.rendering_npi IN (SELECT npi FROM customer_provider_npi), false)
         OR coalesce(m.facility_npi IN (SELECT npi FROM customer_facility_npi), false) AS is_customer,
       coalesce(m.referring_npi IN (SELECT npi FROM customer_provider_npi), false) AS referred_by_customer
FROM query_table(cases_relation) AS m;

-- A list of service-area types as bits (PSA 1, SSA 2, TSA 4): "the patient's zip has one of the
-- chosen types" is then one AND of two small integers per row instead of a list intersection, which
-- over the service-area slice cost more than the kernels' own work. The types are the closed list
-- of filters.ts (SERVICE_AREA_TYPES); the filters accept no other.
CREATE OR REPLACE TEMP MACRO area_mask(types) AS (
  (coalesce(list_contains(types, 'PSA'), false)::UTINYINT
   + 2 * coalesce(list_contains(types, 'SSA'), false)::UTINYINT
   + 4 * coalesce(list_contains(types, 'TSA'), false)::UTINYINT)::UTINYINT
);
