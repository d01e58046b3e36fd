-- Every pass holder has a snapshot row from the moment the pass is made (decision 0030), so that GET /data
-- reads every holder in one statement; until now a holder got a row only with their first order, ledger entry
-- or message, and /data computed the parts of the others in the statement itself, which cost every read.
-- Deferred to the commit like the other snapshot triggers: a pass imported with the holder's points is
-- computed once.
CREATE FUNCTION holder_snapshots_by_pass() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_holder_snapshot(NEW.partner_user_id, NEW.offer_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER holder_snapshots_passes AFTER INSERT OR UPDATE OF partner_user_id, offer_id ON passes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION holder_snapshots_by_pass();
--> statement-breakpoint
-- The pass holders a database already has without a row.
INSERT INTO holder_snapshots (partner_user_id, offer_id, order_deals, order_products, ledger, unread)
  SELECT h.partner_user_id, h.offer_id, p.order_deals, p.order_products, p.ledger, p.unread
  FROM (SELECT DISTINCT partner_user_id, offer_id FROM passes) h,
    holder_snapshot_parts(h.partner_user_id, h.offer_id) p
  ON CONFLICT DO NOTHING;
