ALTER TABLE "pass_links" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "is_visitor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "sessions_unused_visitors_idx" ON "sessions" USING btree ("created_at") WHERE "sessions"."is_visitor" and "sessions"."partner_user_id" is null and "sessions"."updated_at" = "sessions"."created_at";--> statement-breakpoint
ALTER TABLE "pass_links" ADD CONSTRAINT "pass_links_public_signed_out" CHECK (not ("pass_links"."is_public" and "pass_links"."partner_user_id" is not null));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_public_signed_out" CHECK (not ("sessions"."is_public" and "sessions"."partner_user_id" is not null));