-- Whether the year's demographics Parquet exists (glob answers no row for a missing file).
SELECT count(*) AS files FROM glob($path);
