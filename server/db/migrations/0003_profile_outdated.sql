ALTER TABLE "organisations" ADD COLUMN "profile_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "validations" ADD COLUMN "outdated" boolean DEFAULT false NOT NULL;