-- Issue 32 (decision 0049): content translations. Each content table a holder reads text from keeps the
-- import's optional `translations` ({"es": {"name": "..."}}), null when there are none; a holder's saved
-- language (PUT /pass/api/language) is kept with the holder.
ALTER TABLE "attributes" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "message_lists" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "perks" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "pickup_points" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "poll_options" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "reward_items" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "translations" jsonb;
--> statement-breakpoint
ALTER TABLE "partner_users" ADD COLUMN "language" text;
