CREATE TABLE "reward_stock_takes" (
	"order_item_id" integer PRIMARY KEY NOT NULL,
	"reward_item_id" integer NOT NULL,
	"stock_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reward_stock_takes" ADD CONSTRAINT "reward_stock_takes_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reward_stock_takes_reward_item_id_idx" ON "reward_stock_takes" USING btree ("reward_item_id","stock_key");