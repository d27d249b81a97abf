-- Practice volume (surgical cases and non-surgical lines by units, all categories) by patient zip.
SELECT patient_zip AS zipcode, sum(volume)::DOUBLE AS volume
FROM practice_volumes
WHERE patient_zip IS NOT NULL
GROUP BY patient_zip
ORDER BY volume DESC, zipcode;
