-- The slices of M (chosen lines and service-area types) the kernel adds up, at the finest grain it
-- needs, for the selected year ('today') and the reference year ('reference', its own service
-- area): per line, setting and the service-area types of the patient's zip, the customer's cases,
-- the leaked cases (referred by the customer's providers, performed by a competitor: querie8) by
-- rendering provider, the cases performed at a facility whose zip is in none of the service area's
-- zips (OUTSIDE: querie9) by facility, and the paid amounts with the cases that carry one (the
-- market's average paid). Columns that do not apply to a row are NULL, so rows merge.
WITH today AS (
  SELECT m.*,
         m.referred_by_customer AND NOT m.is_customer AS leaked,
         coalesce(m.facility_zip NOT IN (SELECT zipcode FROM service_area), true) AS outside
  FROM market_base AS m
)
SELECT 'today' AS period, service_line, area_types, is_customer, setting,
       leaked,
       CASE WHEN leaked THEN coalesce(rendering_name, rendering_npi) END AS provider,
       outside,
       CASE WHEN outside THEN facility_npi END AS facility_npi,
       CASE WHEN outside THEN coalesce(facility_name, facility_npi) END AS facility,
       sum(cases)::DOUBLE AS cases,
       coalesce(sum(paid_amount), 0)::DOUBLE AS paid,
       coalesce(sum(paid_cases), 0)::DOUBLE AS paid_cases
FROM today
GROUP BY ALL
UNION ALL
SELECT 'reference' AS period, service_line, area_types, false AS is_customer, NULL AS setting,
       false AS leaked, NULL AS provider, false AS outside, NULL AS facility_npi, NULL AS facility,
       sum(cases)::DOUBLE AS cases, 0::DOUBLE AS paid, 0::DOUBLE AS paid_cases
FROM market_base_reference
GROUP BY service_line, area_types;
