ALTER TABLE "organisation_years" ADD COLUMN "reviewed" jsonb;--> statement-breakpoint
ALTER TABLE "organisation_years" ADD COLUMN "refresh" jsonb;