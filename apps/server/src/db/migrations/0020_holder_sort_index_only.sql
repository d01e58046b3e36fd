DROP INDEX "partner_users_lower_name_idx";--> statement-breakpoint
DROP INDEX "partner_users_lower_email_idx";--> statement-breakpoint
CREATE INDEX "partner_users_lower_name_idx" ON "partner_users" USING btree (lower("name"),"id","name");--> statement-breakpoint
CREATE INDEX "partner_users_lower_email_idx" ON "partner_users" USING btree (lower("email"),"id","email");