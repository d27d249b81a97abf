SELECT count(*) AS n FROM org_providers
