ALTER TABLE "organisation_years" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisation_years" ADD COLUMN "replaced_rows" bigint;--> statement-breakpoint
ALTER TABLE "scheme_results" ADD COLUMN "outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" DROP COLUMN "note";--> statement-breakpoint
ALTER TABLE "facilities" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "providers" DROP COLUMN "note";--> statement-breakpoint
ALTER TABLE "providers" DROP COLUMN "state";