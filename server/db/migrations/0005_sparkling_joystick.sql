ALTER TABLE "facilities" DROP COLUMN "note";--> statement-breakpoint
ALTER TABLE "facilities" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "providers" DROP COLUMN "note";--> statement-breakpoint
ALTER TABLE "providers" DROP COLUMN "state";