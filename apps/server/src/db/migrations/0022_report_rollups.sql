CREATE TABLE "page_view_days" (
	"offer_id" integer NOT NULL,
	"timezone" text NOT NULL,
	"day" date NOT NULL,
	"page" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_view_days_offer_id_timezone_day_page_pk" PRIMARY KEY("offer_id","timezone","day","page")
);
--> statement-breakpoint
CREATE TABLE "points_days" (
	"offer_id" integer NOT NULL,
	"timezone" text NOT NULL,
	"day" date NOT NULL,
	"entries" integer NOT NULL,
	"earned" bigint NOT NULL,
	"spent" bigint NOT NULL,
	CONSTRAINT "points_days_offer_id_timezone_day_pk" PRIMARY KEY("offer_id","timezone","day")
);
--> statement-breakpoint
-- What the triggers below add to or take from page_view_days and points_days, appended and never updated,
-- so that writers of page views and of the points ledger never wait on each other for a day's row: an upsert
-- of the day's row from the writer's own transaction held that row until its commit, which made every
-- points-writing transaction of an offer wait for the one before (a checkout, a check-in, a correction).
-- fold_report_days moves them into the days tables (the reports call it before reading, and the server every
-- minute). Not in schema.ts: the triggers' own, as their functions are.
CREATE TABLE page_view_day_changes (
	offer_id integer NOT NULL,
	timezone text NOT NULL,
	day date NOT NULL,
	page text NOT NULL,
	views integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX page_view_day_changes_offer_idx ON page_view_day_changes (offer_id);
--> statement-breakpoint
CREATE TABLE points_day_changes (
	offer_id integer NOT NULL,
	timezone text NOT NULL,
	day date NOT NULL,
	entries integer NOT NULL,
	earned bigint NOT NULL,
	spent bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX points_day_changes_offer_idx ON points_day_changes (offer_id);
--> statement-breakpoint
DROP INDEX "check_ins_offer_at_idx";--> statement-breakpoint
CREATE INDEX "page_views_offer_holder_idx" ON "page_views" USING btree ("offer_id","created_at","partner_user_id") WHERE "page_views"."is_preview" is not true and "page_views"."partner_user_id" is not null;--> statement-breakpoint
CREATE INDEX "points_ledger_offer_value_date_idx" ON "points_ledger" USING btree ("offer_id","value_date","points");--> statement-breakpoint
CREATE INDEX "points_ledger_offer_expires_idx" ON "points_ledger" USING btree ("offer_id","expires_at","partner_user_id","deal_id","points","id") WHERE "points_ledger"."points" > 0;--> statement-breakpoint
CREATE INDEX "points_ledger_offer_debits_idx" ON "points_ledger" USING btree ("offer_id","partner_user_id","deal_id","points") WHERE "points_ledger"."points" < 0;--> statement-breakpoint
CREATE INDEX "check_ins_offer_at_idx" ON "check_ins" USING btree ("offer_id","at","venue_id");--> statement-breakpoint
-- Issue 31 item 5 (decision 0045): page_view_days counts the page views of each offer, page and day in the
-- zone of the offer's partner, previews left out, as the page-views report counts them. Statement triggers
-- keep it exact for every writer (the page-view route, the importer, the seed, a delete): one row of
-- page_view_day_changes per statement, offer, day and page, not one per page view, and no lock on a shared
-- row. A removed page view is taken off in the zone its offer's counts are in (no join with offers, which may
-- be gone already); a partner's new zone, or an offer's new partner, counts the offer's page views again.
CREATE FUNCTION page_view_days_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO page_view_day_changes (offer_id, timezone, day, page, views)
    SELECT v.offer_id, z.timezone, (v.created_at AT TIME ZONE z.timezone)::date, coalesce(v.route_name, 'unknown'),
      -count(*)
    FROM old_rows v
      JOIN (SELECT offer_id, timezone FROM page_view_days WHERE offer_id IN (SELECT offer_id FROM old_rows)
        UNION SELECT offer_id, timezone FROM page_view_day_changes WHERE offer_id IN (SELECT offer_id FROM old_rows)
      ) z ON z.offer_id = v.offer_id
    WHERE v.is_preview IS NOT TRUE
    GROUP BY 1, 2, 3, 4;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO page_view_day_changes (offer_id, timezone, day, page, views)
    SELECT v.offer_id, p.timezone, (v.created_at AT TIME ZONE p.timezone)::date, coalesce(v.route_name, 'unknown'),
      count(*)
    FROM new_rows v JOIN offers o ON o.id = v.offer_id JOIN partners p ON p.id = o.partner_id
    WHERE v.is_preview IS NOT TRUE
    GROUP BY 1, 2, 3, 4;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A trigger with transition tables has one event each.
CREATE TRIGGER page_view_days_insert AFTER INSERT ON page_views
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION page_view_days_apply();
--> statement-breakpoint
CREATE TRIGGER page_view_days_update AFTER UPDATE ON page_views
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION page_view_days_apply();
--> statement-breakpoint
CREATE TRIGGER page_view_days_delete AFTER DELETE ON page_views
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION page_view_days_apply();
--> statement-breakpoint
-- TRUNCATE has no row sets: every count goes with the page views.
CREATE FUNCTION page_view_days_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM page_view_days;
  DELETE FROM page_view_day_changes;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER page_view_days_truncate AFTER TRUNCATE ON page_views
  FOR EACH STATEMENT EXECUTE FUNCTION page_view_days_clear();
--> statement-breakpoint
-- The one advisory lock of folds and recounts: two folds upserting the same days in another order could
-- otherwise deadlock, and a recount must not interleave with a fold of the same offer. Writers never take it.
CREATE FUNCTION report_days_lock_key() RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$ SELECT 7204611931::bigint $$;
--> statement-breakpoint
-- Moves the changes of one offer (or of every offer, for null) into page_view_days and points_days: each
-- change row is taken by exactly one fold (DELETE ... RETURNING), and a day whose count falls to zero loses
-- its row, as the reports have no row for it.
CREATE FUNCTION fold_report_days(p_offer integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(report_days_lock_key());
  WITH moved AS (
    DELETE FROM page_view_day_changes c WHERE p_offer IS NULL OR c.offer_id = p_offer
    RETURNING c.offer_id, c.timezone, c.day, c.page, c.views)
  INSERT INTO page_view_days AS h (offer_id, timezone, day, page, views)
  SELECT offer_id, timezone, day, page, sum(views) FROM moved GROUP BY 1, 2, 3, 4
  ON CONFLICT (offer_id, timezone, day, page) DO UPDATE SET views = h.views + excluded.views;
  DELETE FROM page_view_days h WHERE h.views <= 0 AND (p_offer IS NULL OR h.offer_id = p_offer);
  WITH moved AS (
    DELETE FROM points_day_changes c WHERE p_offer IS NULL OR c.offer_id = p_offer
    RETURNING c.offer_id, c.timezone, c.day, c.entries, c.earned, c.spent)
  INSERT INTO points_days AS h (offer_id, timezone, day, entries, earned, spent)
  SELECT offer_id, timezone, day, sum(entries), sum(earned), sum(spent) FROM moved GROUP BY 1, 2, 3
  ON CONFLICT (offer_id, timezone, day) DO UPDATE
    SET entries = h.entries + excluded.entries, earned = h.earned + excluded.earned, spent = h.spent + excluded.spent;
  DELETE FROM points_days h WHERE h.entries <= 0 AND (p_offer IS NULL OR h.offer_id = p_offer);
END $$;
--> statement-breakpoint
-- The offers whose days changed (a partner's zone, an offer's partner): their page views counted again.
CREATE FUNCTION page_view_days_recount(offer_ids int[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(report_days_lock_key());
  DELETE FROM page_view_day_changes WHERE offer_id = ANY (offer_ids);
  DELETE FROM page_view_days WHERE offer_id = ANY (offer_ids);
  INSERT INTO page_view_days (offer_id, timezone, day, page, views)
  SELECT v.offer_id, p.timezone, (v.created_at AT TIME ZONE p.timezone)::date, coalesce(v.route_name, 'unknown'),
    count(*)
  FROM page_views v JOIN offers o ON o.id = v.offer_id JOIN partners p ON p.id = o.partner_id
  WHERE v.offer_id = ANY (offer_ids) AND v.is_preview IS NOT TRUE
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
-- points_days: the points booked (value date) of each offer and day in the zone of the offer's partner, for
-- the points report's earned and spent, kept as page_view_days is (entries: a day with only entries of 0
-- points still has its row, as the report has).
CREATE FUNCTION points_days_recount(offer_ids int[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(report_days_lock_key());
  DELETE FROM points_day_changes WHERE offer_id = ANY (offer_ids);
  DELETE FROM points_days WHERE offer_id = ANY (offer_ids);
  INSERT INTO points_days (offer_id, timezone, day, entries, earned, spent)
  SELECT l.offer_id, p.timezone, (l.value_date AT TIME ZONE p.timezone)::date, count(*),
    coalesce(sum(l.points) FILTER (WHERE l.points > 0), 0), coalesce(-sum(l.points) FILTER (WHERE l.points < 0), 0)
  FROM points_ledger l JOIN offers o ON o.id = l.offer_id JOIN partners p ON p.id = o.partner_id
  WHERE l.offer_id = ANY (offer_ids)
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
CREATE FUNCTION points_days_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO points_day_changes (offer_id, timezone, day, entries, earned, spent)
    SELECT l.offer_id, z.timezone, (l.value_date AT TIME ZONE z.timezone)::date, -count(*),
      -coalesce(sum(l.points) FILTER (WHERE l.points > 0), 0), coalesce(sum(l.points) FILTER (WHERE l.points < 0), 0)
    FROM old_rows l
      JOIN (SELECT offer_id, timezone FROM points_days WHERE offer_id IN (SELECT offer_id FROM old_rows)
        UNION SELECT offer_id, timezone FROM points_day_changes WHERE offer_id IN (SELECT offer_id FROM old_rows)
      ) z ON z.offer_id = l.offer_id
    GROUP BY 1, 2, 3;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO points_day_changes (offer_id, timezone, day, entries, earned, spent)
    SELECT l.offer_id, p.timezone, (l.value_date AT TIME ZONE p.timezone)::date, count(*),
      coalesce(sum(l.points) FILTER (WHERE l.points > 0), 0), coalesce(-sum(l.points) FILTER (WHERE l.points < 0), 0)
    FROM new_rows l JOIN offers o ON o.id = l.offer_id JOIN partners p ON p.id = o.partner_id
    GROUP BY 1, 2, 3;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER points_days_insert AFTER INSERT ON points_ledger
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION points_days_apply();
--> statement-breakpoint
CREATE TRIGGER points_days_update AFTER UPDATE ON points_ledger
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION points_days_apply();
--> statement-breakpoint
CREATE TRIGGER points_days_delete AFTER DELETE ON points_ledger
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION points_days_apply();
--> statement-breakpoint
CREATE FUNCTION points_days_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM points_days;
  DELETE FROM points_day_changes;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER points_days_truncate AFTER TRUNCATE ON points_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION points_days_clear();
--> statement-breakpoint
CREATE FUNCTION page_view_days_rezone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'partners' THEN
    PERFORM page_view_days_recount(ARRAY(SELECT id FROM offers WHERE partner_id = NEW.id));
    PERFORM points_days_recount(ARRAY(SELECT id FROM offers WHERE partner_id = NEW.id));
  ELSE
    PERFORM page_view_days_recount(ARRAY[NEW.id]);
    PERFORM points_days_recount(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER page_view_days_partner_zone AFTER UPDATE OF timezone ON partners
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION page_view_days_rezone();
--> statement-breakpoint
CREATE TRIGGER page_view_days_offer_partner AFTER UPDATE OF partner_id ON offers
  FOR EACH ROW WHEN (OLD.partner_id IS DISTINCT FROM NEW.partner_id) EXECUTE FUNCTION page_view_days_rezone();
--> statement-breakpoint
-- The page views a database already has.
INSERT INTO page_view_days (offer_id, timezone, day, page, views)
SELECT v.offer_id, p.timezone, (v.created_at AT TIME ZONE p.timezone)::date, coalesce(v.route_name, 'unknown'),
  count(*)
FROM page_views v JOIN offers o ON o.id = v.offer_id JOIN partners p ON p.id = o.partner_id
WHERE v.is_preview IS NOT TRUE
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO points_days (offer_id, timezone, day, entries, earned, spent)
SELECT l.offer_id, p.timezone, (l.value_date AT TIME ZONE p.timezone)::date, count(*),
  coalesce(sum(l.points) FILTER (WHERE l.points > 0), 0), coalesce(-sum(l.points) FILTER (WHERE l.points < 0), 0)
FROM points_ledger l JOIN offers o ON o.id = l.offer_id JOIN partners p ON p.id = o.partner_id
GROUP BY 1, 2, 3;
