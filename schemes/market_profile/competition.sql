-- The Non specific figures of the service area's surgical market in the year:
-- competitor facilities and surgeons (competitor cases: neither the rendering provider nor the
-- facility is the customer's), the customer's surgeons seen in the market, the largest competitor
-- facility, the customer's referral retention (cases its providers referred that it performed,
-- as querie8 counts leakage) and in-area care (cases of service-area patients treated at a facility
-- whose zip is in the service area, the complement of querie9's outmigration).
WITH area AS (SELECT DISTINCT zipcode FROM service_area),
m AS (
  SELECT * FROM marked_cases('market_cases')
  WHERE is_surgical AND patient_zip IN (SELECT zipcode FROM area)
),
competitor_facility AS (
  SELECT facility_npi, min(facility_name) AS facility_name, sum(cases)::DOUBLE AS cases
  FROM m WHERE NOT is_customer GROUP BY facility_npi
)
SELECT
  (SELECT count(DISTINCT facility_npi) FROM m WHERE NOT is_customer) AS competitor_facilities,
  (SELECT count(DISTINCT rendering_npi) FROM m WHERE NOT is_customer) AS competitor_surgeons,
  (SELECT count(DISTINCT rendering_npi) FROM m
     WHERE rendering_npi IN (SELECT npi FROM customer_provider_npi)) AS customer_surgeons,
  (SELECT facility_name FROM competitor_facility
     ORDER BY cases DESC, facility_npi LIMIT 1) AS largest_competitor_facility,
  (SELECT coalesce(max(cases), 0) FROM competitor_facility)::DOUBLE AS largest_competitor_facility_cases,
  (SELECT coalesce(sum(cases), 0) FROM m WHERE referred_by_customer)::DOUBLE AS referred_by_customer_cases,
  (SELECT coalesce(sum(cases), 0) FROM m WHERE referred_by_customer AND is_customer)::DOUBLE AS referred_retained_cases,
  (SELECT coalesce(sum(cases), 0) FROM m)::DOUBLE AS area_cases,
  (SELECT coalesce(sum(cases), 0) FROM m
     WHERE facility_zip IN (SELECT zipcode FROM area))::DOUBLE AS treated_in_area_cases;
