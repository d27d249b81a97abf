-- The data folder this run's DuckDB is confined to (the first allowed directory, set by
-- server/duckdb/open.ts): the demographics of the year are read from the warehouse inside it.
SELECT current_setting('allowed_directories')[1] AS data_dir;
