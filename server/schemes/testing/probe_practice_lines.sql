SELECT count(*) AS n FROM practice_lines
