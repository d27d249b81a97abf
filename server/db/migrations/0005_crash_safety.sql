CREATE TABLE "file_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"change" text NOT NULL,
	"owner_pid" integer NOT NULL,
	"owner_host" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_pid" integer NOT NULL,
	"owner_host" text NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
