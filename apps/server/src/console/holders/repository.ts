import type { HOLDER_SORT_FIELDS } from '@trailpass/contract/console';
import { and, eq, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
import { deals, help_requests, partner_users, passes, sessions, suggestions } from '../../db/schema';
import { containsPattern } from '../audit/repository';

/** A holder as the list and detail read them; `points` is their balance on the offer's headline deal. */
export interface HolderDbRow {
  id: number;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  contact_permission: number;
  points: number;
  last_seen: Date | string | null;
  created_at: Date | string;
  has_link: boolean;
}

/**
 * The columns of a holder row, for `pu` (partner_users) and `ps` (passes) of offer `offerId`. `points` is the
 * running balance of the latest entry of the offer's headline points deal (`pointsDealId`), which is the
 * holder's current points as their own API computes them (points/service.ts, summarisePoints: the sum of
 * the history, which each entry's balance carries); 0 without a points deal or an entry. `last_seen` is
 * their latest page view on the offer; `has_link` whether any session is signed in as them there.
 */
function holderColumns(offerId: number, pointsDealId: number | null) {
  const points =
    pointsDealId === null
      ? sql`0`
      : sql`coalesce((select l.balance from points_ledger l where l.partner_user_id = pu.id
          and l.offer_id = ${offerId} and l.deal_id = ${pointsDealId}
          order by l.value_date desc, l.id desc limit 1), 0)`;
  return sql`pu.id, pu.name, pu.first_name, pu.last_name, pu.email, pu.phone, pu.contact_permission,
    ${points}::int as points,
    (select max(v.created_at) from page_views v where v.offer_id = ${offerId} and v.partner_user_id = pu.id)
      as last_seen,
    ps.created_at,
    exists (select 1 from sessions s where s.offer_id = ${offerId} and s.partner_user_id = pu.id) as has_link`;
}

export type HolderSortField = (typeof HOLDER_SORT_FIELDS)[number];

const SORT_SQL: Record<HolderSortField, string> = {
  name: 'lower(name)',
  email: 'lower(email)',
  points: 'points',
  lastSeen: 'last_seen',
  createdAt: 'created_at',
};

export interface HolderListFilter {
  offerId: number;
  pointsDealId: number | null;
  q?: string | undefined;
  sort: HolderSortField;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** A page of the offer's holders, sorted on the server (ties by id), and how many match the search. */
export async function listHolders(db: DbExecutor, filter: HolderListFilter) {
  const search = filter.q
    ? sql`and (pu.name ilike ${containsPattern(filter.q)} or pu.email ilike ${containsPattern(filter.q)})`
    : sql``;
  const direction = sql.raw(filter.order === 'desc' ? 'desc' : 'asc');
  const sortColumn = sql.raw(SORT_SQL[filter.sort]);
  const [rows, counted] = await Promise.all([
    queryRows<HolderDbRow & Record<string, unknown>>(
      db,
      sql`select * from (
          select ${holderColumns(filter.offerId, filter.pointsDealId)}
          from passes ps join partner_users pu on pu.id = ps.partner_user_id
          where ps.offer_id = ${filter.offerId} ${search}
        ) h
        -- Holders never seen sort after the others in either direction.
        order by ${sortColumn} ${direction} nulls last, id ${direction}
        limit ${filter.limit} offset ${filter.offset}`,
    ),
    queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from passes ps join partner_users pu on pu.id = ps.partner_user_id
        where ps.offer_id = ${filter.offerId} ${search}`,
    ),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** One holder of the offer (null when they hold no pass on it). */
export async function findHolder(
  db: DbExecutor,
  offerId: number,
  holderId: number,
  pointsDealId: number | null,
): Promise<HolderDbRow | null> {
  const [row] = await queryRows<HolderDbRow & Record<string, unknown>>(
    db,
    sql`select ${holderColumns(offerId, pointsDealId)}
      from passes ps join partner_users pu on pu.id = ps.partner_user_id
      where ps.offer_id = ${offerId} and pu.id = ${holderId}`,
  );
  return row ?? null;
}

/** The partner user of the partner with this address (case-insensitive), and whether they hold the offer. */
export async function findPartnerUserByEmail(
  db: DbExecutor,
  partnerId: number,
  offerId: number,
  email: string,
) {
  const [row] = await queryRows<{ id: number; holds: boolean }>(
    db,
    sql`select pu.id, exists (select 1 from passes ps where ps.partner_user_id = pu.id and ps.offer_id = ${offerId})
        as holds
      from partner_users pu where pu.partner_id = ${partnerId} and lower(pu.email) = lower(${email})`,
  );
  return row ? { id: Number(row.id), holds: row.holds === true } : null;
}

export async function insertPartnerUser(
  db: DbExecutor,
  values: typeof partner_users.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(partner_users).values(values).returning({ id: partner_users.id });
  if (!row) throw new Error('the partner user insert returned no row');
  return row.id;
}

/** Gives the partner user a pass on the offer; false when they already had one (a parallel create). */
export async function insertPass(db: DbExecutor, partnerUserId: number, offerId: number, now: Date) {
  const rows = await db
    .insert(passes)
    .values({ partner_user_id: partnerUserId, offer_id: offerId, created_at: now })
    .onConflictDoNothing()
    .returning({ id: passes.id });
  return rows.length > 0;
}

/** The offer's deals that keep points (what a correction may be booked on), by id. */
export async function listPointsDeals(db: DbExecutor, offerId: number) {
  return db
    .select({ id: deals.id, name: deals.name })
    .from(deals)
    .where(and(eq(deals.offer_id, offerId), eq(deals.use_points, true)))
    .orderBy(deals.id);
}

/** At most this many of a holder's ledger entries and orders come with the detail (newest first). */
export const DETAIL_LIMIT = 500;

export async function listHolderLedger(db: DbExecutor, offerId: number, holderId: number) {
  return queryRows<{
    id: number;
    value_date: Date | string;
    reason_text: string;
    points: number;
    deal_id: number;
    deal_name: string;
    order_id: number | null;
    expires_at: Date | string | null;
  }>(
    db,
    sql`select l.id, l.value_date, l.reason_text, l.points, l.deal_id, d.name as deal_name, l.order_id,
        l.expires_at
      from points_ledger l join deals d on d.id = l.deal_id
      where l.partner_user_id = ${holderId} and l.offer_id = ${offerId}
      order by l.value_date desc, l.id desc limit ${DETAIL_LIMIT}`,
  );
}

export async function listHolderOrders(db: DbExecutor, offerId: number, holderId: number) {
  return queryRows<{
    id: number;
    status: string;
    created_at: Date | string;
    purchased_at: Date | string | null;
    items: Array<{ id: number; name: string; points: number; deliveryMethod: string | null }>;
  }>(
    db,
    sql`select o.id, o.status, o.created_at, o.purchased_at,
        coalesce((select jsonb_agg(jsonb_build_object('id', i.id, 'name', i.name, 'points', i.points_paid,
            'deliveryMethod', i.delivery_method) order by i.position, i.id)
          from order_items i where i.order_id = o.id), '[]'::jsonb) as items
      from orders o where o.partner_user_id = ${holderId} and o.offer_id = ${offerId}
      order by o.created_at desc, o.id desc limit ${DETAIL_LIMIT}`,
  );
}

/** Redeemed check-in products of the holder's orders on the offer, with their venue, newest first. */
export async function listHolderCheckIns(db: DbExecutor, offerId: number, holderId: number) {
  return queryRows<{
    at: Date | string;
    venue_id: number;
    venue_name: string;
    points: number;
  }>(
    db,
    sql`select op.redeemed as at, v.id as venue_id, v.name as venue_name, op.points_to_be_earned as points
      from order_products op
        join orders o on o.id = op.order_id
        join products p on p.id = op.product_id
        join venues v on v.id = p.venue_id
      where o.partner_user_id = ${holderId} and o.offer_id = ${offerId} and p.type = 'check-in'
        and op.redeemed is not null
      order by op.redeemed desc, op.id desc limit ${DETAIL_LIMIT}`,
  );
}

/**
 * Ends every session signed in as the holder on the offer, so that each link of theirs stops working at
 * once: deleted, or signed out where a suggestion or help request still refers to the session. Returns how
 * many there were.
 */
export async function endHolderSessions(db: DbExecutor, offerId: number, holderId: number, now: Date) {
  const mine = and(eq(sessions.offer_id, offerId), eq(sessions.partner_user_id, holderId));
  const referenced = sql`(${sessions.id} in (select ${suggestions.session_id} from ${suggestions})
    or ${sessions.id} in (select ${help_requests.session_id} from ${help_requests}))`;
  const unbound = await db
    .update(sessions)
    .set({ partner_user_id: null, updated_at: now })
    .where(and(mine, referenced))
    .returning({ id: sessions.id });
  const deleted = await db.delete(sessions).where(mine).returning({ id: sessions.id });
  return unbound.length + deleted.length;
}

/** A new session signed in as the holder on the offer, for a link whose token hashes to `tokenHash`. */
export async function insertHolderSession(
  db: DbExecutor,
  values: { offerId: number; holderId: number; tokenHash: string; label: string; path: string; now: Date },
) {
  await db.insert(sessions).values({
    token_hash: values.tokenHash,
    offer_id: values.offerId,
    partner_user_id: values.holderId,
    label: values.label,
    path: values.path,
    created_at: values.now,
    updated_at: values.now,
  });
}
