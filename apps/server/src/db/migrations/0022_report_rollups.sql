CREATE TABLE "page_view_hours" (
	"offer_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"page" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_view_hours_offer_id_hour_page_pk" PRIMARY KEY("offer_id","hour","page")
);
--> statement-breakpoint
DROP INDEX "check_ins_offer_at_idx";--> statement-breakpoint
CREATE INDEX "page_views_offer_holder_idx" ON "page_views" USING btree ("offer_id","created_at","partner_user_id") WHERE "page_views"."is_preview" is not true and "page_views"."partner_user_id" is not null;--> statement-breakpoint
CREATE INDEX "points_ledger_offer_value_date_idx" ON "points_ledger" USING btree ("offer_id","value_date","points");--> statement-breakpoint
CREATE INDEX "points_ledger_offer_expires_idx" ON "points_ledger" USING btree ("offer_id","expires_at","partner_user_id","deal_id") WHERE "points_ledger"."points" > 0;--> statement-breakpoint
CREATE INDEX "check_ins_offer_at_idx" ON "check_ins" USING btree ("offer_id","at","venue_id");--> statement-breakpoint
-- Issue 31 item 5 (decision 0045): page_view_hours counts the page views of each offer, page and UTC hour,
-- previews left out, as the page-views report counts them. Statement triggers keep it exact for every writer
-- (the page-view route, the importer, the seed, a delete): one upsert per statement for the rows it wrote,
-- not one per row. A count that falls to zero loses its row, as the report has no row for it. The hour is
-- UTC's whatever the session's zone (date_trunc alone would cut at the session's hours).
CREATE FUNCTION page_view_hours_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE page_view_hours h SET views = h.views - gone.views
    FROM (
      SELECT offer_id, date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour,
        coalesce(route_name, 'unknown') AS page, count(*) AS views
      FROM old_rows WHERE offer_id IS NOT NULL AND is_preview IS NOT TRUE
      GROUP BY 1, 2, 3
    ) gone
    WHERE h.offer_id = gone.offer_id AND h.hour = gone.hour AND h.page = gone.page;
    DELETE FROM page_view_hours h WHERE h.views <= 0 AND (h.offer_id, h.hour, h.page) IN (
      SELECT offer_id, date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
        coalesce(route_name, 'unknown')
      FROM old_rows WHERE offer_id IS NOT NULL AND is_preview IS NOT TRUE);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO page_view_hours AS h (offer_id, hour, page, views)
    SELECT offer_id, date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
      coalesce(route_name, 'unknown'), count(*)
    FROM new_rows WHERE offer_id IS NOT NULL AND is_preview IS NOT TRUE
    GROUP BY 1, 2, 3
    ON CONFLICT (offer_id, hour, page) DO UPDATE SET views = h.views + excluded.views;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A trigger with transition tables has one event each.
CREATE TRIGGER page_view_hours_insert AFTER INSERT ON page_views
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION page_view_hours_apply();
--> statement-breakpoint
CREATE TRIGGER page_view_hours_update AFTER UPDATE ON page_views
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION page_view_hours_apply();
--> statement-breakpoint
CREATE TRIGGER page_view_hours_delete AFTER DELETE ON page_views
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION page_view_hours_apply();
--> statement-breakpoint
-- TRUNCATE has no row sets: every count goes with the page views.
CREATE FUNCTION page_view_hours_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM page_view_hours;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER page_view_hours_truncate AFTER TRUNCATE ON page_views
  FOR EACH STATEMENT EXECUTE FUNCTION page_view_hours_clear();
--> statement-breakpoint
-- The page views a database already has.
INSERT INTO page_view_hours (offer_id, hour, page, views)
SELECT offer_id, date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', coalesce(route_name, 'unknown'),
  count(*)
FROM page_views WHERE offer_id IS NOT NULL AND is_preview IS NOT TRUE
GROUP BY 1, 2, 3;
