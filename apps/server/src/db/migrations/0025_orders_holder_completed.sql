-- A holder's completed orders on an offer, for holder_snapshot_parts (decision 0040): with statistics older than
-- a campaign's orders, Postgres read them through orders_offer_completed_idx, every completed order of the offer.
CREATE INDEX "orders_holder_completed_idx" ON "orders" USING btree ("partner_user_id","offer_id") WHERE "orders"."status" = 'completed';
