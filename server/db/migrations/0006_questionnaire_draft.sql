ALTER TABLE "questionnaires" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD COLUMN "draft_saved_at" timestamp with time zone;