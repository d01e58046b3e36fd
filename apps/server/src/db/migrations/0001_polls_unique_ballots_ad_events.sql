CREATE TABLE "ad_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer,
	"partner_user_id" integer,
	"offer_id" integer,
	"type" text NOT NULL,
	"module_id" integer,
	"deal_id" integer,
	"venue_id" integer,
	"product_id" integer,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "ballots_poll_user_idx";--> statement-breakpoint
CREATE INDEX "ad_events_created_at_idx" ON "ad_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ad_events_offer_id_idx" ON "ad_events" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ballots_poll_user_idx" ON "ballots" USING btree ("poll_id","partner_user_id");