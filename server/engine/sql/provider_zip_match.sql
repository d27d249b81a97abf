-- The providers matching the provider_zipcodes filter: those whose zip (provider_main_zip, the
-- facility zip where the provider performed most cases in the selected year, see
-- derived_relations.sql) is one of the chosen zips. Created only when the filter is used.
CREATE OR REPLACE TEMP TABLE provider_zip_match AS
SELECT npi
FROM provider_main_zip
WHERE list_contains((SELECT provider_zipcodes FROM request_filter), facility_zip);
