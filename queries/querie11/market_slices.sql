-- The slices of the year's market (today) and the reference year's (reference, its own service
-- area) the kernel adds up, for every service line and every service-area type at once: they
-- depend on the organisation-year's data only, so slices.ts keeps them and each run narrows them
-- to its lines and types (a row is M's when its line is chosen and its patient zip has a chosen
-- type, as market_base). Per line, setting and the service-area types of the patient's zip: the
-- customer's cases, the leaked cases (referred by the customer's providers, performed by a
-- competitor: querie8) by rendering provider, the cases performed at a facility whose zip is in
-- none of the service area's zips (OUTSIDE: querie9) by facility, and the paid amounts with the
-- cases that carry one (the market's average paid). Columns that do not apply to a row are NULL,
-- so rows merge. Read from the marked slices whole rather than market_base, which a request
-- narrows.
WITH today AS (
  SELECT m.*,
         m.referred_by_customer AND NOT m.is_customer AS leaked,
         coalesce(m.facility_zip NOT IN (SELECT zipcode FROM service_area), true) AS outside
  FROM area_cases_marked AS m
  WHERE m.service_line IS NOT NULL
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
FROM area_cases_reference_marked
WHERE service_line IS NOT NULL
GROUP BY service_line, area_types
ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
