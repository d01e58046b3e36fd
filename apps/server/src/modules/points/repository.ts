import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type Placeholders, preparedQuery } from '../../db/prepared';
import { deals, offers, order_items, points_ledger } from '../../db/schema';

/**
 * Reads of the points calls and the rewards catalogue. Each is one prepared query of a fixed shape
 * (db/prepared.ts): points are read by every holder of an offer at once after a campaign e-mail.
 */

const offerDeals = preparedQuery('points_offer_deals', ['offerId'], (db, p) =>
  db
    .select({
      use_points: offers.use_points,
      deal: { id: deals.id, use_points: deals.use_points, points_valid_until: deals.points_valid_until },
    })
    .from(offers)
    .leftJoin(deals, eq(deals.offer_id, offers.id))
    .where(eq(offers.id, p.offerId))
    .orderBy(asc(deals.id)),
);

export interface PointsDealRow {
  id: number;
  use_points: boolean;
  points_valid_until: Date | null;
}

export interface OfferPointsDeals {
  offer: { id: number; use_points: boolean };
  /** The offer's deals by id. */
  deals: PointsDealRow[];
}

/** The offer's use_points and its deals with what choosing a points deal needs; null for no such offer. */
export async function findOfferPointsDeals(
  db: DbExecutor,
  offerId: number,
): Promise<OfferPointsDeals | null> {
  const rows = await offerDeals(db, { offerId });
  const [first] = rows;
  if (!first) return null;
  return {
    offer: { id: offerId, use_points: first.use_points },
    deals: rows.flatMap((row) => (row.deal ? [row.deal] : [])),
  };
}

/** One (user, offer, deal) points history. */
const historyScope = (p: Placeholders<'partnerUserId' | 'offerId' | 'dealId'>) =>
  and(
    eq(points_ledger.partner_user_id, p.partnerUserId),
    eq(points_ledger.offer_id, p.offerId),
    eq(points_ledger.deal_id, p.dealId),
  );

const historyPage = preparedQuery(
  'points_history_page',
  ['partnerUserId', 'offerId', 'dealId', 'limit', 'offset'],
  (db, p) =>
    db
      .select({
        id: points_ledger.id,
        deal_id: points_ledger.deal_id,
        reason_text: points_ledger.reason_text,
        points: points_ledger.points,
        balance: points_ledger.balance,
        value_date: points_ledger.value_date,
        // A debit's order is its item's when the entry does not name it.
        order_id: sql<number | null>`coalesce(${points_ledger.order_id}, ${order_items.order_id})`,
        redeemed_id: order_items.id,
        redeemed_completed: order_items.completed,
        redeemed_delivery_method: order_items.delivery_method,
      })
      .from(points_ledger)
      .leftJoin(order_items, eq(order_items.id, points_ledger.redeemed_item_id))
      .where(historyScope(p))
      .orderBy(desc(points_ledger.value_date), desc(points_ledger.id))
      .limit(p.limit)
      .offset(p.offset),
);

export type PointsHistoryRow = Awaited<ReturnType<typeof historyPage>>[number];

const historyCount = preparedQuery('points_history_count', ['partnerUserId', 'offerId', 'dealId'], (db, p) =>
  db.select({ total: count() }).from(points_ledger).where(historyScope(p)),
);

export interface HistoryPageRequest {
  partnerUserId: number;
  offerId: number;
  dealId: number;
  limit: number;
  offset: number;
}

/**
 * One page of a history, newest first (value_date, then id), with the redeemed order item's state read
 * from order_items, and the history's size. Two queries, run side by side.
 */
export async function listHistoryPage(
  db: DbExecutor,
  request: HistoryPageRequest,
): Promise<{ rows: PointsHistoryRow[]; total: number }> {
  const scope = { partnerUserId: request.partnerUserId, offerId: request.offerId, dealId: request.dealId };
  const [rows, [counted]] = await Promise.all([
    historyPage(db, { ...scope, limit: request.limit, offset: request.offset }),
    historyCount(db, scope),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}
