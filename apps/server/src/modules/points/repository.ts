import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type Placeholders, preparedQuery } from '../../db/prepared';
import { deals, offers, order_items, points_ledger, sessions } from '../../db/schema';
import { type PassSession, sessionColumns, toPassSession } from '../sessions/repository';

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

/**
 * The points calls' first round trip (decision 0023, round three): the session of a token hash and, in the
 * same statement, its offer's deals as findOfferPointsDeals reads them, one row per deal. The session row is
 * read in the statement itself, so sign-out and replaced sessions count at once, as with the session hook.
 */
const sessionOfferDeals = preparedQuery('points_session_offer_deals', ['tokenHash'], (db, p) =>
  db
    .select({
      session: sessionColumns,
      use_points: offers.use_points,
      deal: { id: deals.id, use_points: deals.use_points, points_valid_until: deals.points_valid_until },
    })
    .from(sessions)
    .leftJoin(offers, eq(offers.id, sessions.offer_id))
    .leftJoin(deals, eq(deals.offer_id, offers.id))
    .where(eq(sessions.token_hash, p.tokenHash))
    .orderBy(asc(deals.id)),
);

export interface SessionOfferDeals {
  session: PassSession;
  /** Null when the session has no offer (or it no longer exists). */
  offerDeals: OfferPointsDeals | null;
}

/** The session of a token hash with its offer's points deals; null when no session has the hash. */
export async function findSessionOfferDeals(
  db: DbExecutor,
  tokenHash: string,
): Promise<SessionOfferDeals | null> {
  const rows = await sessionOfferDeals(db, { tokenHash });
  const [first] = rows;
  if (!first) return null;
  const session = toPassSession(first.session);
  const { use_points } = first;
  if (session.offerId === null || use_points === null) return { session, offerDeals: null };
  return {
    session,
    offerDeals: {
      offer: { id: session.offerId, use_points },
      deals: rows.flatMap((row) => (row.deal ? [row.deal] : [])),
    },
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
        // The history's size with every row of the page: no second query unless the page is empty.
        total: sql<number>`(count(*) over ())::int`,
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
 * from order_items, and the history's size. One query: the size is a window count over the whole history
 * (computed before LIMIT and OFFSET) on every row. Only a page past the end, which has no row to carry it,
 * counts with a second query.
 */
export async function listHistoryPage(
  db: DbExecutor,
  request: HistoryPageRequest,
): Promise<{ rows: PointsHistoryRow[]; total: number }> {
  const scope = { partnerUserId: request.partnerUserId, offerId: request.offerId, dealId: request.dealId };
  const rows = await historyPage(db, { ...scope, limit: request.limit, offset: request.offset });
  const [first] = rows;
  if (first) return { rows, total: first.total };
  if (request.offset === 0) return { rows, total: 0 };
  const [counted] = await historyCount(db, scope);
  return { rows, total: Number(counted?.total ?? 0) };
}
