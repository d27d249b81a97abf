ALTER TABLE "mail_log" ADD COLUMN "sent_by_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_log" ADD COLUMN "customer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_sent_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("sent_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_log" ADD CONSTRAINT "mail_log_customer_user_id_customer_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."customer_users"("id") ON DELETE set null ON UPDATE no action;