import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type Placeholders, preparedQuery, preparedSql } from '../../db/prepared';
import {
  deals,
  faqs,
  holder_snapshots,
  type MediaOwnerType,
  media,
  message_lists,
  offers,
  order_products,
  orders,
  partner_users,
  partners,
  points_ledger,
  products,
  provider_settings,
  sessions,
  subscriptions,
  tickets,
  venues,
} from '../../db/schema';
import { type PassSession, sessionColumns, toPassSession } from '../sessions/repository';

/**
 * Reads for GET /data. Each function is one query whose size does not depend on the number of items. The
 * offer-level reads run once per offer and content stamp (offer-content.ts); a signed-in /data then costs
 * one query, findHolderRow, however many deals, products and orders there are (decision 0023).
 *
 * Every query has a fixed shape and is prepared once per database (db/prepared.ts): the inputs are
 * placeholders (`p.offerId`), the values come with each call. Building the queries anew on each request
 * cost more CPU than the database took to answer them.
 */

/**
 * Orders whose deals and products count as the user's (a draft cart does not grant anything yet). The same
 * rule is written in SQL in migration 0008 (holder_snapshot_parts and the orders triggers): change both.
 */
const COUNTED_ORDER_STATUS = 'completed';

const offerWithPartner = preparedQuery('data_offer_with_partner', ['offerId'], (db, p) =>
  db
    .select({ offer: offers, partner: partners })
    .from(offers)
    .innerJoin(partners, eq(partners.id, offers.partner_id))
    .where(eq(offers.id, p.offerId))
    .limit(1),
);

export async function findOfferWithPartner(db: DbExecutor, offerId: number) {
  const [row] = await offerWithPartner(db, { offerId });
  return row ?? null;
}

export type OfferRow = typeof offers.$inferSelect;
export type PartnerRow = typeof partners.$inferSelect;

const passFaqs = preparedQuery('data_pass_faqs', ['offerId'], (db, p) =>
  db
    .select()
    .from(faqs)
    .where(and(eq(faqs.offer_id, p.offerId), eq(faqs.show_on_mobile_pass, true)))
    .orderBy(asc(faqs.position), asc(faqs.id)),
);

/** FAQs meant for the pass (showOnMobilePass), in their given order. */
export function listPassFaqs(db: DbExecutor, offerId: number) {
  return passFaqs(db, { offerId });
}

const dealsWithProductCounts = preparedQuery('data_deals_with_product_counts', ['offerId'], (db, p) => {
  const productCounts = db
    .select({ deal_id: products.deal_id, n: count().as('n') })
    .from(products)
    .where(eq(products.offer_id, p.offerId))
    .groupBy(products.deal_id)
    .as('product_counts');
  return db
    .select({ deal: deals, productCount: sql<number>`coalesce(${productCounts.n}, 0)::int` })
    .from(deals)
    .leftJoin(productCounts, eq(productCounts.deal_id, deals.id))
    .where(eq(deals.offer_id, p.offerId))
    .orderBy(asc(deals.id));
});

/** The offer's deals with their product counts. */
export function listDeals(db: DbExecutor, offerId: number) {
  return dealsWithProductCounts(db, { offerId });
}

export type DealRow = typeof deals.$inferSelect;

const offerProducts = preparedQuery('data_products', ['offerId'], (db, p) =>
  db
    .select({ product: products, venueName: venues.name, venueTranslations: venues.translations })
    .from(products)
    .leftJoin(venues, eq(venues.id, products.venue_id))
    .where(eq(products.offer_id, p.offerId))
    .orderBy(asc(products.id)),
);

/** The offer's products (deal products and standalone ones) with their venue's name. */
export function listProducts(db: DbExecutor, offerId: number) {
  return offerProducts(db, { offerId });
}

export type ProductRow = typeof products.$inferSelect;

export type PartnerUserRow = typeof partner_users.$inferSelect;

/** The user's counted orders on the offer, from the placeholders `partnerUserId` and `offerId`. */
const userOrdersOnOffer = (p: Placeholders<'partnerUserId' | 'offerId'>) =>
  and(
    eq(orders.partner_user_id, p.partnerUserId),
    eq(orders.offer_id, p.offerId),
    eq(orders.status, COUNTED_ORDER_STATUS),
  );

const userOrderProducts = preparedQuery('data_user_order_products', ['partnerUserId', 'offerId'], (db, p) =>
  db
    .select({ orderProduct: order_products, ticketId: tickets.id })
    .from(order_products)
    .innerJoin(orders, eq(orders.id, order_products.order_id))
    .leftJoin(tickets, eq(tickets.order_product_id, order_products.id))
    .where(userOrdersOnOffer(p))
    .orderBy(asc(order_products.id)),
);

export function listUserOrderProducts(db: DbExecutor, partnerUserId: number, offerId: number) {
  return userOrderProducts(db, { partnerUserId, offerId });
}

export type OrderProductRow = typeof order_products.$inferSelect;

const userLedger = preparedQuery('data_user_ledger', ['partnerUserId', 'offerId'], (db, p) =>
  db
    .select({
      id: points_ledger.id,
      deal_id: points_ledger.deal_id,
      points: points_ledger.points,
      value_date: points_ledger.value_date,
      expires_at: points_ledger.expires_at,
    })
    .from(points_ledger)
    .where(and(eq(points_ledger.partner_user_id, p.partnerUserId), eq(points_ledger.offer_id, p.offerId)))
    .orderBy(asc(points_ledger.value_date), asc(points_ledger.id)),
);

/** Every ledger entry of the user on the offer (all deals), oldest first. */
export function listUserLedger(db: DbExecutor, partnerUserId: number, offerId: number) {
  return userLedger(db, { partnerUserId, offerId });
}

const messageListsForOffer = preparedQuery('data_message_lists', ['offerId', 'partnerUserId'], (db, p) =>
  db
    .select({
      id: message_lists.id,
      name: message_lists.name,
      description: message_lists.description,
      subscribed: sql<number>`coalesce(${subscriptions.subscribed}, 0)::int`,
      translations: message_lists.translations,
    })
    .from(message_lists)
    .leftJoin(
      subscriptions,
      and(
        eq(subscriptions.message_list_id, message_lists.id),
        eq(subscriptions.partner_user_id, p.partnerUserId),
      ),
    )
    .where(
      inArray(
        message_lists.partner_id,
        db.select({ partner_id: offers.partner_id }).from(offers).where(eq(offers.id, p.offerId)),
      ),
    )
    .orderBy(asc(message_lists.id)),
);

/** The mailing lists of the offer's partner with the user's flag (no row, or no user, counts as 0). */
export function listMessageListsForOffer(db: DbExecutor, offerId: number, partnerUserId: number | null) {
  // No user: match no subscription row, so every list reads 0.
  return messageListsForOffer(db, { offerId, partnerUserId: partnerUserId ?? -1 });
}

const providerEmailDomain = preparedQuery('data_provider_email_domain', [], (db) =>
  db.select({ domain: provider_settings.email_domain }).from(provider_settings).limit(1),
);

export async function findProviderEmailDomain(db: DbExecutor): Promise<string | null> {
  const [row] = await providerEmailDomain(db, {});
  return row?.domain ?? null;
}

export type MediaRow = typeof media.$inferSelect;

// The owners come as two parallel arrays, (types[i], ids[i]) one owner each, so that any set of owners
// is the same statement.
const mediaOfOwners = preparedQuery('data_media_of_owners', ['ownerTypes', 'ownerIds'], (db, p) =>
  db
    .select()
    .from(media)
    .where(
      sql`(${media.owner_type}, ${media.owner_id}) in (select * from unnest(${p.ownerTypes}::text[], ${p.ownerIds}::int[]))`,
    )
    .orderBy(asc(media.owner_type), asc(media.owner_id), asc(media.position), asc(media.id)),
);

/** Media of many owners in one query, in their given order. */
export async function listMedia(
  db: DbExecutor,
  owners: Partial<Record<MediaOwnerType, readonly number[]>>,
): Promise<MediaRow[]> {
  const ownerTypes: MediaOwnerType[] = [];
  const ownerIds: number[] = [];
  for (const [type, ids] of Object.entries(owners)) {
    for (const id of ids ?? []) {
      ownerTypes.push(type as MediaOwnerType);
      ownerIds.push(id);
    }
  }
  if (ownerIds.length === 0) return [];
  return mediaOfOwners(db, { ownerTypes, ownerIds });
}

const venueById = preparedQuery('data_venue', ['venueId'], (db, p) =>
  db.select().from(venues).where(eq(venues.id, p.venueId)).limit(1),
);

export async function findVenue(db: DbExecutor, venueId: number) {
  const [row] = await venueById(db, { venueId });
  return row ?? null;
}

export type VenueRow = typeof venues.$inferSelect;

const offersIncludingVenue = preparedQuery('data_offers_including_venue', ['venueId'], (db, p) =>
  db
    .select({ offer: offers, partner: partners })
    .from(offers)
    .innerJoin(partners, eq(partners.id, offers.partner_id))
    .where(
      inArray(
        offers.id,
        db
          .select({ offer_id: deals.offer_id })
          .from(deals)
          .where(sql`${p.venueId} = any(${deals.venue_ids})`),
      ),
    )
    .orderBy(asc(partners.id), asc(offers.id)),
);

/** Offers that have a deal including the venue, with their partner (unregistered sign-up page). */
export function listOffersIncludingVenue(db: DbExecutor, venueId: number) {
  return offersIncludingVenue(db, { venueId });
}

// ---------------------------------------------------------------------------------------------------------
// The per-holder part of GET /data in one query (decision 0023)

/** One ledger entry: [id, deal_id, points, value_date ms, expires_at ms | null]. */
export type LedgerTuple = [number, number, number, number, number | null];

/**
 * One order deal: [id, deal_id, order_id, redemptions_remaining, redemptions_made, added_max_redemptions].
 * The holder's lists come as JSON arrays of tuples rather than objects: Postgres builds them in about a
 * sixth less time than the same objects with their keys (json_build_object looks at every key of every
 * row), and there is less text to parse (decision 0023, round five).
 */
export type OrderDealTuple = [number, number, number, number | null, number, number | null];

/**
 * One order product: [id, order_id, product_id, deal_id, order_deal_id, redeemed ms, end_date ms,
 * expire_date ms, duplicate_date ms, redemptions, redemptions_remaining_use, points_to_be_earned, ticket id].
 */
export type OrderProductTuple = [
  number,
  number,
  number,
  number,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number,
  number | null,
  number,
  number | null,
];

export interface HolderRow {
  /** The offer's content stamp (see offerContentStamp): tells whether cached offer content is current. */
  stamp: string;
  user: PartnerUserRow | null;
  orderDeals: OrderDealTuple[] | null;
  orderProducts: OrderProductTuple[] | null;
  ledger: LedgerTuple[] | null;
  unread: number;
  /** [message_list_id, subscribed] of every subscription row of the user. */
  subscriptions: Array<[number, number]> | null;
}

/**
 * The content stamp of an offer: the transaction id that last wrote its row (`xmin`). The importer writes
 * every row of an offer's content (offer, FAQs, deals, products, venues, media, partner, lists, provider
 * settings) in one transaction, so a re-import gives the offer row a new xmin; so does any later UPDATE
 * of the row. Whatever else changes an offer's content must also touch the offer row (decision 0023).
 */
const STAMP = sql`${offers}.xmin::text`;

/** A holder row as the statements below read it: the parts are null when the holder has no snapshot row. */
type HolderRowRead = Omit<HolderRow, 'unread'> & { snapshotFound: boolean; unread: number | null };

/**
 * The columns of a holder row for the user the SQL expression names, from a query that joins
 * `holder_snapshots` on the holder (`holderSnapshotJoin`): one JSON column per part, so the whole row is one
 * round trip. The orders, the ledger and the unread count come from the holder's snapshot row; a holder
 * without one has them computed by a second query (`withHolderParts`). Computing them in this statement
 * instead (a CASE with `holder_snapshot_parts` in its other branch) cost every read the start-up of four
 * subplans that almost never run: 0.17 against 0.14 ms a statement (pgbench, one client, prepared). The user
 * and the subscriptions, which belong to the user rather than to a holder of an offer, are read here. A null
 * user matches nothing.
 */
function holderColumns(partnerUserId: SQL) {
  return {
    stamp: sql<string>`${STAMP}`,
    user: sql<PartnerUserRow | null>`(select row_to_json(u) from ${partner_users} u where u.id = ${partnerUserId})`,
    snapshotFound: sql<boolean>`${holder_snapshots.offer_id} is not null`,
    orderDeals: sql<HolderRow['orderDeals']>`${holder_snapshots.order_deals}`,
    orderProducts: sql<HolderRow['orderProducts']>`${holder_snapshots.order_products}`,
    ledger: sql<HolderRow['ledger']>`${holder_snapshots.ledger}`,
    unread: sql<number | null>`${holder_snapshots.unread}`,
    subscriptions: sql<HolderRow['subscriptions']>`(
      select json_agg(json_build_array(s.message_list_id, s.subscribed))
      from ${subscriptions} s where s.partner_user_id = ${partnerUserId})`,
  };
}

/** The join that holderColumns reads the snapshot from. */
const holderSnapshotJoin = (offerId: SQL, partnerUserId: SQL) =>
  and(eq(holder_snapshots.partner_user_id, partnerUserId), eq(holder_snapshots.offer_id, offerId));

/** A holder's parts computed from the tables, by the function the snapshots are computed with. */
const holderParts = preparedQuery('data_holder_parts', ['partnerUserId', 'offerId'], (db, p) =>
  db
    .select({
      orderDeals: sql<HolderRow['orderDeals']>`p.order_deals`,
      orderProducts: sql<HolderRow['orderProducts']>`p.order_products`,
      ledger: sql<HolderRow['ledger']>`p.ledger`,
      unread: sql<number>`p.unread`,
    })
    .from(sql`holder_snapshot_parts(${p.partnerUserId}, ${p.offerId}) p`),
);

/** What `holder_snapshot_parts` answers for a holder with no orders, points or messages. */
const NO_PARTS = { orderDeals: null, orderProducts: null, ledger: null, unread: 0 } as const;

/**
 * The holder row with its parts: from the snapshot row when there is one (every pass holder has one, made
 * with the pass, migration 0009), else computed (after a TRUNCATE of a table they are made of, or a session
 * of a user without a pass). A session with nobody signed in has no parts, and needs no second query.
 */
async function withHolderParts(
  db: DbExecutor,
  { snapshotFound, ...row }: HolderRowRead,
  offerId: number,
  partnerUserId: number | null,
): Promise<HolderRow> {
  if (snapshotFound) return { ...row, unread: row.unread ?? 0 };
  if (partnerUserId === null) return { ...row, ...NO_PARTS };
  // The function always answers one row.
  const [parts = NO_PARTS] = await holderParts(db, { partnerUserId, offerId });
  return { ...row, ...parts };
}

/**
 * Everything of the signed-in holder that GET /data shows, plus the offer's content stamp, as ONE row of
 * JSON columns. No row when the offer does not exist. A signed-out session passes -1 as the user, which
 * matches nothing.
 */
const holderRows = preparedQuery('data_holder_rows', ['offerId', 'partnerUserId'], (db, p) =>
  db
    .select(holderColumns(sql`${p.partnerUserId}`))
    .from(offers)
    .leftJoin(holder_snapshots, holderSnapshotJoin(sql`${offers.id}`, sql`${p.partnerUserId}`))
    .where(eq(offers.id, p.offerId)),
);

export async function findHolderRow(
  db: DbExecutor,
  offerId: number,
  partnerUserId: number | null,
): Promise<HolderRow | null> {
  const [row] = await holderRows(db, { offerId, partnerUserId: partnerUserId ?? -1 });
  return row ? withHolderParts(db, row as HolderRowRead, offerId, partnerUserId) : null;
}

/**
 * GET /data's one round trip (decision 0023, round three): the session of a token hash and, in the same
 * statement, its holder row. The session row is read in the statement itself, so a sign-out or a replaced
 * session shows on the very next request, as with the separate lookup it replaces. The offer is joined
 * left: a session without one (an unregistered link) still comes back, its holder columns empty.
 *
 * The row comes as one JSON array (decision 0023, round twelve): the session's columns, whether the offer
 * was found, then holderColumns in their order. As 19 columns, node-postgres read the row's description and
 * made a parser per column on every execution, and Drizzle mapped each one, on the event loop that limits
 * GET /data's rate; one column is one JSON.parse. Every value here is an integer, a boolean, text or JSON,
 * which JSON carries as the driver would have given them.
 */
const SESSION_KEYS = Object.keys(sessionColumns) as Array<keyof typeof sessionColumns>;
const HOLDER_KEYS = Object.keys(holderColumns(sql`0`)) as Array<keyof HolderRowRead>;

const sessionHolderTuple = preparedSql<'tokenHash', { row: unknown[] }>(
  'data_session_holder_tuple',
  ['tokenHash'],
  (p) => sql`select json_build_array(
      ${sql.join(
        SESSION_KEYS.map((key) => sql`${sessionColumns[key]}`),
        sql`, `,
      )},
      ${offers.id} is not null,
      ${sql.join(Object.values(holderColumns(sql`${sessions.partner_user_id}`)), sql`, `)}
    ) as row
    from ${sessions}
    left join ${offers} on ${offers.id} = ${sessions.offer_id}
    left join ${holder_snapshots}
      on ${holderSnapshotJoin(sql`${sessions.offer_id}`, sql`${sessions.partner_user_id}`)}
    where ${sessions.token_hash} = ${p.tokenHash}::text
    limit 1`,
);

/** The values of `keys`, in their order, from `tuple` at `start` on, as an object by key. */
const fromPositions = (keys: readonly string[], tuple: unknown[], start: number) =>
  Object.fromEntries(keys.map((key, i) => [key, tuple[start + i]]));

export interface SessionHolderRow {
  session: PassSession;
  /** Null when the session has no offer, or its offer no longer exists. */
  holder: HolderRow | null;
}

/** The session of a token hash with its holder row; null when no session has the hash. */
export async function findSessionHolderRow(
  db: DbExecutor,
  tokenHash: string,
): Promise<SessionHolderRow | null> {
  const [found] = await sessionHolderTuple(db, { tokenHash });
  if (!found) return null;
  const tuple = found.row;
  const passSession = toPassSession(
    fromPositions(SESSION_KEYS, tuple, 0) as Parameters<typeof toPassSession>[0],
  );
  const offerFound = tuple[SESSION_KEYS.length] === true;
  if (!offerFound || passSession.offerId === null) return { session: passSession, holder: null };
  const holder = fromPositions(HOLDER_KEYS, tuple, SESSION_KEYS.length + 1);
  return {
    session: passSession,
    holder: await withHolderParts(
      db,
      holder as HolderRowRead,
      passSession.offerId,
      passSession.partnerUserId,
    ),
  };
}

const offerStamp = preparedQuery('data_offer_stamp', ['offerId'], (db, p) =>
  db
    .select({ stamp: sql<string>`${STAMP}` })
    .from(offers)
    .where(eq(offers.id, p.offerId)),
);

/** The offer's content stamp, or null when there is no such offer. */
export async function findOfferStamp(db: DbExecutor, offerId: number): Promise<string | null> {
  const [row] = await offerStamp(db, { offerId });
  return row?.stamp ?? null;
}
