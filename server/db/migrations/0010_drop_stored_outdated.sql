ALTER TABLE "scheme_results" DROP COLUMN "outdated";--> statement-breakpoint
ALTER TABLE "validations" DROP COLUMN "outdated";