CREATE TABLE "holder_snapshots" (
	"partner_user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"order_deals" json,
	"order_products" json,
	"ledger" json,
	"unread" integer DEFAULT 0 NOT NULL,
	"refreshed_in" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "holder_snapshots_partner_user_id_offer_id_pk" PRIMARY KEY("partner_user_id","offer_id")
);
--> statement-breakpoint
-- The holder's part of GET /data on an offer (decision 0030), computed from the tables: what
-- holder_snapshots keeps, and what /data computes itself for a holder without a snapshot row. Tuples, not
-- objects (decision 0023, round five); epoch milliseconds truncated as node-postgres reads a timestamptz.
CREATE FUNCTION holder_snapshot_parts(p_user integer, p_offer integer)
RETURNS TABLE (order_deals json, order_products json, ledger json, unread integer)
LANGUAGE sql STABLE AS $$
  select
    (select json_agg(json_build_array(od.id, od.deal_id, od.order_id,
        od.redemptions_remaining, od.redemptions_made, od.added_max_redemptions) order by od.id)
      from order_deals od join orders o on o.id = od.order_id
      where o.partner_user_id = p_user and o.offer_id = p_offer and o.status = 'completed'),
    (select json_agg(json_build_array(op.id, op.order_id, op.product_id, op.deal_id, op.order_deal_id,
        floor(extract(epoch from op.redeemed) * 1000), floor(extract(epoch from op.end_date) * 1000),
        floor(extract(epoch from op.expire_date) * 1000), floor(extract(epoch from op.duplicate_date) * 1000),
        op.redemptions, op.redemptions_remaining_use, op.points_to_be_earned, t.id) order by op.id)
      from order_products op join orders o on o.id = op.order_id
      left join tickets t on t.order_product_id = op.id
      where o.partner_user_id = p_user and o.offer_id = p_offer and o.status = 'completed'),
    (select json_agg(json_build_array(l.id, l.deal_id, l.points,
        floor(extract(epoch from l.value_date) * 1000), floor(extract(epoch from l.expires_at) * 1000))
        order by l.value_date, l.id)
      from points_ledger l where l.partner_user_id = p_user and l.offer_id = p_offer),
    (select count(*)::int from messages m
      where m.partner_user_id = p_user and m.offer_id = p_offer and m.read_at is null)
$$;
--> statement-breakpoint
-- Computes one holder's snapshot again, once per transaction. It first takes the row's lock (making the row
-- when there is none), THEN computes in a new statement, which in READ COMMITTED sees every transaction
-- that held the lock before it: of two writers of one holder, the second computes after the first has
-- committed, so neither can leave a snapshot without the other's change.
CREATE FUNCTION refresh_holder_snapshot(p_user integer, p_offer integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_user IS NULL OR p_offer IS NULL THEN
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM holder_snapshots
      WHERE partner_user_id = p_user AND offer_id = p_offer AND refreshed_in = txid_current()) THEN
    RETURN;
  END IF;
  INSERT INTO holder_snapshots (partner_user_id, offer_id) VALUES (p_user, p_offer) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM holder_snapshots WHERE partner_user_id = p_user AND offer_id = p_offer FOR UPDATE;
  UPDATE holder_snapshots h
    SET (order_deals, order_products, ledger, unread, refreshed_in) =
      (SELECT p.order_deals, p.order_products, p.ledger, p.unread, txid_current()
        FROM holder_snapshot_parts(p_user, p_offer) p)
    WHERE h.partner_user_id = p_user AND h.offer_id = p_offer;
END $$;
--> statement-breakpoint
-- Row triggers, deferred to the commit: by then the transaction has made all its changes, so a holder is
-- computed once however many rows of theirs it wrote (a completion writes the ledger and the order).
-- Ledger entries and messages name their holder.
CREATE FUNCTION holder_snapshots_by_holder() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM refresh_holder_snapshot(OLD.partner_user_id, OLD.offer_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM refresh_holder_snapshot(NEW.partner_user_id, NEW.offer_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An order counts once completed: its holder's snapshot changes when it becomes, stops being or is
-- (moved to another holder while) completed. The triggers' WHEN conditions leave out a draft cart's updates.
CREATE FUNCTION holder_snapshots_by_order() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'completed' THEN
    PERFORM refresh_holder_snapshot(OLD.partner_user_id, OLD.offer_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'completed' THEN
    PERFORM refresh_holder_snapshot(NEW.partner_user_id, NEW.offer_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Order deals and order products name their order, tickets their order product; the holder is the order's,
-- if it is completed now. When the order itself was deleted, its own trigger has its holder.
CREATE FUNCTION refresh_holder_snapshot_of_order(p_order integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_holder_snapshot(partner_user_id, offer_id) FROM orders
    WHERE id = p_order AND status = 'completed';
END $$;
--> statement-breakpoint
CREATE FUNCTION holder_snapshots_by_order_id() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM refresh_holder_snapshot_of_order(OLD.order_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM refresh_holder_snapshot_of_order(NEW.order_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION holder_snapshots_by_order_product_id() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM refresh_holder_snapshot_of_order(order_id) FROM order_products WHERE id = OLD.order_product_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM refresh_holder_snapshot_of_order(order_id) FROM order_products WHERE id = NEW.order_product_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER holder_snapshots_points_ledger AFTER INSERT OR UPDATE OR DELETE ON points_ledger
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION holder_snapshots_by_holder();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER holder_snapshots_messages AFTER INSERT OR UPDATE OR DELETE ON messages
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION holder_snapshots_by_holder();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER holder_snapshots_orders_insert AFTER INSERT ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status = 'completed')
  EXECUTE FUNCTION holder_snapshots_by_order();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER holder_snapshots_orders_update AFTER UPDATE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.status = 'completed' OR NEW.status = 'completed') AND (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.partner_user_id IS DISTINCT FROM NEW.partner_user_id OR OLD.offer_id IS DISTINCT FROM NEW.offer_id))
  EXECUTE FUNCTION holder_snapshots_by_order();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER holder_snapshots_orders_delete AFTER DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status = 'completed')
  EXECUTE FUNCTION holder_snapshots_by_order();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER holder_snapshots_order_deals AFTER INSERT OR UPDATE OR DELETE ON order_deals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION holder_snapshots_by_order_id();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER holder_snapshots_order_products AFTER INSERT OR UPDATE OR DELETE ON order_products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION holder_snapshots_by_order_id();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER holder_snapshots_tickets AFTER INSERT OR UPDATE OR DELETE ON tickets
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION holder_snapshots_by_order_product_id();
--> statement-breakpoint
-- TRUNCATE has no row triggers: every snapshot goes, and /data computes holders itself until written again.
CREATE FUNCTION holder_snapshots_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM holder_snapshots;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['points_ledger', 'messages', 'orders', 'order_deals', 'order_products', 'tickets'] LOOP
    EXECUTE format('CREATE TRIGGER holder_snapshots_truncate AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION holder_snapshots_clear()', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The holders a database already has.
INSERT INTO holder_snapshots (partner_user_id, offer_id, order_deals, order_products, ledger, unread)
  SELECT h.partner_user_id, h.offer_id, p.order_deals, p.order_products, p.ledger, p.unread
  FROM (SELECT partner_user_id, offer_id FROM orders WHERE status = 'completed'
        UNION SELECT partner_user_id, offer_id FROM points_ledger
        UNION SELECT partner_user_id, offer_id FROM messages) h,
    holder_snapshot_parts(h.partner_user_id, h.offer_id) p;
