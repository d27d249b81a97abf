ALTER TABLE "organisations" ADD COLUMN "profile_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_years" ADD COLUMN "area_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scheme_results" ADD COLUMN "inputs" jsonb;--> statement-breakpoint
ALTER TABLE "validations" ADD COLUMN "inputs" jsonb;--> statement-breakpoint
-- Results computed before input versions were recorded: stamped with the year's versions of now,
-- unless they were marked out of date, which a stamp no year can have keeps them.
UPDATE "validations" AS v SET "inputs" = CASE WHEN v."outdated" THEN '{"data":-1,"market":-1,"profile":-1,"area":-1}'::jsonb ELSE jsonb_build_object('data', y."data_version", 'market', (SELECT coalesce(sum(a."data_version"), 0) FROM "advisory_board_uploads" AS a WHERE a."year" = v."year" AND a."state" = 'accepted'), 'profile', 0, 'area', 0) END FROM "organisation_years" AS y WHERE y."organisation_id" = v."organisation_id" AND y."year" = v."year";--> statement-breakpoint
UPDATE "scheme_results" AS r SET "inputs" = CASE WHEN r."outdated" THEN '{"data":-1,"market":-1,"profile":-1,"area":-1,"questionnaire":-1}'::jsonb ELSE jsonb_build_object('data', y."data_version", 'market', (SELECT coalesce(sum(a."data_version"), 0) FROM "advisory_board_uploads" AS a WHERE a."year" = r."year" AND a."state" = 'accepted'), 'profile', 0, 'area', 0, 'questionnaire', 0) END FROM "organisation_years" AS y WHERE y."organisation_id" = r."organisation_id" AND y."year" = r."year";
