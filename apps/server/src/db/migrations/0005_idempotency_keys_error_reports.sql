CREATE TABLE "error_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer,
	"partner_id" integer,
	"offer_id" integer,
	"partner_user_id" integer,
	"is_preview" boolean,
	"is_unregistered" boolean,
	"name" text,
	"message" text NOT NULL,
	"stack" text,
	"url" text NOT NULL,
	"route_name" text,
	"session_device_id" text NOT NULL,
	"local_device_id" text NOT NULL,
	"release" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"partner_user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_partner_user_id_key_pk" PRIMARY KEY("partner_user_id","key"),
	CONSTRAINT "idempotency_keys_status_check" CHECK ("idempotency_keys"."status" = 'pending' or "idempotency_keys"."status" ~ '^[1-5][0-9][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "session_device_id" text;--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "local_device_id" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_partner_user_id_partner_users_id_fk" FOREIGN KEY ("partner_user_id") REFERENCES "public"."partner_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "error_reports_created_at_idx" ON "error_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "error_reports_offer_id_idx" ON "error_reports" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");