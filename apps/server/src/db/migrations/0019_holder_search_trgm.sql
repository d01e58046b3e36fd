-- The console's holder search (decision 0042): trigram indexes need pg_trgm, a trusted extension (any role
-- that may create in the database can create it); PGlite loads its build in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "partner_users_lower_email_idx" ON "partner_users" USING btree (lower("email"),"id");--> statement-breakpoint
CREATE INDEX "partner_users_name_trgm_idx" ON "partner_users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partner_users_email_trgm_idx" ON "partner_users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "passes_offer_created_idx" ON "passes" USING btree ("offer_id","created_at","partner_user_id");