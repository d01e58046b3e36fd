CREATE TABLE "check_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"venue_id" integer,
	"product_id" integer NOT NULL,
	"partner_user_id" integer NOT NULL,
	"order_product_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "check_ins_offer_at_idx" ON "check_ins" USING btree ("offer_id","at");--> statement-breakpoint
-- A database made before this table: each check-in already redeemed becomes one row, at its latest redemption
-- (an order product keeps no earlier ones).
INSERT INTO "check_ins" ("offer_id", "venue_id", "product_id", "partner_user_id", "order_product_id", "at")
SELECT o."offer_id", p."venue_id", op."product_id", o."partner_user_id", op."id", op."redeemed"
FROM "order_products" op
JOIN "orders" o ON o."id" = op."order_id"
JOIN "products" p ON p."id" = op."product_id"
WHERE p."type" = 'check-in' AND op."redeemed" IS NOT NULL;
