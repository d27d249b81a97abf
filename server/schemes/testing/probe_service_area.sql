SELECT count(*) AS n FROM service_area
