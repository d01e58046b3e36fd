ALTER TABLE "order_items" ADD COLUMN "giftable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Items already claimed take their reward item's rule; the others (purchased deals and packages) keep
-- today's, where only the offer's gifting decides.
UPDATE "order_items" i SET "giftable" = r."giftable" FROM "reward_items" r WHERE r."id" = i."reward_item_id";
