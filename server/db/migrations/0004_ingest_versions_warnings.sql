CREATE TABLE "practice_year_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"data_version" integer NOT NULL,
	"upload_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploaded_by" uuid,
	"uploaded_by_staff" uuid,
	"rows" bigint NOT NULL,
	"checksum" text NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skipped_rows" bigint DEFAULT 0 NOT NULL,
	"rejected_rows_name" text,
	"storage_name" text NOT NULL,
	"restored_from" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_years" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_years" ADD COLUMN "skipped_rows" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_years" ADD COLUMN "current_version_id" uuid;--> statement-breakpoint
ALTER TABLE "practice_uploads" ADD COLUMN "skipped_rows" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_uploads" ADD COLUMN "rejected_rows_name" text;--> statement-breakpoint
ALTER TABLE "practice_uploads" ADD COLUMN "file_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "practice_year_versions" ADD CONSTRAINT "practice_year_versions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_year_versions" ADD CONSTRAINT "practice_year_versions_uploaded_by_customer_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."customer_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_year_versions_org_year_idx" ON "practice_year_versions" USING btree ("organisation_id","year");