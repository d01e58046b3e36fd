import { sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
import { type TicketsMap, ticketsLeftSql } from '../../modules/cart/stock';

/**
 * The reads and writes of the console's quick edits (issue 31 item 3). A venue is an offer's when one of
 * the offer's deals lists it, or one of its products or rewards names it (the import format has no other
 * link between them).
 */

export type OfferHead = {
  id: number;
  name: string;
  points_ratio: number | null;
  timezone: string;
};

export async function findOfferHead(db: DbExecutor, offerId: number): Promise<OfferHead | undefined> {
  const [row] = await queryRows<OfferHead & { points_ratio: string | number | null }>(
    db,
    sql`select o.id, o.name, o.points_ratio, p.timezone
      from offers o join partners p on p.id = o.partner_id where o.id = ${offerId}`,
  );
  return row && { ...row, points_ratio: row.points_ratio === null ? null : Number(row.points_ratio) };
}

export type RewardDbRow = {
  id: number;
  name: string;
  type: string;
  deal_name: string | null;
  retail_price: string | number | null;
  /** The stored map less pending takes: what is left after completed orders. */
  tickets_left: TicketsMap | null;
  shipped: boolean;
  picked_up: boolean;
  attributes: Array<{ id: number; name: string; retail_price: string | number }> | null;
};

const REWARD_COLUMNS = sql`r.id, r.name, r.type, d.name as deal_name, r.retail_price,
  ${ticketsLeftSql('r')} as tickets_left, r.shipped, r.picked_up,
  (select json_agg(json_build_object('id', a.id, 'name', a.name, 'retail_price', a.retail_price)
     order by a.position, a.id) from attributes a where a.reward_item_id = r.id) as attributes`;

export async function listRewards(db: DbExecutor, offerId: number): Promise<RewardDbRow[]> {
  return queryRows<RewardDbRow>(
    db,
    sql`select ${REWARD_COLUMNS} from reward_items r left join deals d on d.id = r.deal_id
      where r.offer_id = ${offerId} order by lower(r.name), r.id`,
  );
}

/** One reward of the offer, locked for an update when `lock` (after the stock lock: stock.ts's order). */
export async function findReward(
  db: DbExecutor,
  offerId: number,
  rewardId: number,
  lock = false,
): Promise<RewardDbRow | undefined> {
  if (lock) {
    const [locked] = await queryRows<{ id: number }>(
      db,
      sql`select id from reward_items where id = ${rewardId} and offer_id = ${offerId} for update`,
    );
    if (!locked) return undefined;
  }
  const [row] = await queryRows<RewardDbRow>(
    db,
    sql`select ${REWARD_COLUMNS} from reward_items r left join deals d on d.id = r.deal_id
      where r.id = ${rewardId} and r.offer_id = ${offerId}`,
  );
  return row;
}

export async function setRewardPrice(db: DbExecutor, rewardId: number, retailPrice: string): Promise<void> {
  await db.execute(
    sql`update reward_items set retail_price = ${retailPrice}::numeric where id = ${rewardId}`,
  );
}

export async function setOptionPrice(
  db: DbExecutor,
  rewardId: number,
  attributeId: number,
  retailPrice: string,
): Promise<void> {
  await db.execute(
    sql`update attributes set retail_price = ${retailPrice}::numeric
      where id = ${attributeId} and reward_item_id = ${rewardId}`,
  );
}

/**
 * Sets what is left of the reward: the stored map becomes `tickets` and the reward's pending takes
 * (completions not yet folded into the stored count) are deleted, since the new count already stands for
 * everything completed so far. Call it under the reward's claim lock (no completion is running).
 */
export async function setRewardStock(
  db: DbExecutor,
  rewardId: number,
  tickets: TicketsMap | null,
): Promise<void> {
  await db.execute(sql`delete from reward_stock_takes where reward_item_id = ${rewardId}`);
  await db.execute(
    sql`update reward_items set tickets_available = ${tickets === null ? null : JSON.stringify(tickets)}::jsonb
      where id = ${rewardId}`,
  );
}

export type DealDbRow = {
  id: number;
  name: string;
  use_points: boolean;
  points_valid_until: Date | string | null;
};

export async function listDeals(db: DbExecutor, offerId: number): Promise<DealDbRow[]> {
  return queryRows<DealDbRow>(
    db,
    sql`select id, name, use_points, points_valid_until from deals where offer_id = ${offerId}
      order by lower(name), id`,
  );
}

export async function findDeal(
  db: DbExecutor,
  offerId: number,
  dealId: number,
  lock = false,
): Promise<DealDbRow | undefined> {
  const [row] = await queryRows<DealDbRow>(
    db,
    sql`select id, name, use_points, points_valid_until from deals
      where id = ${dealId} and offer_id = ${offerId} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

export async function setDealDate(db: DbExecutor, dealId: number, at: Date | null): Promise<void> {
  await db.execute(
    sql`update deals set points_valid_until = ${at === null ? null : at.toISOString()}::timestamptz
      where id = ${dealId}`,
  );
}

/** The venue ids an offer uses (see the file's comment), as SQL rows of `venue_id`. */
function offerVenueIds(offerId: number) {
  return sql`select unnest(d.venue_ids) as venue_id from deals d where d.offer_id = ${offerId}
    union select p.venue_id from products p where p.offer_id = ${offerId} and p.venue_id is not null
    union select r.venue_id from reward_items r where r.offer_id = ${offerId} and r.venue_id is not null`;
}

/** Whether venue `v` (SQL alias) is used by an offer of another partner than `partnerId`. */
function usedByOtherPartner(partnerId: number) {
  return sql`(exists (select 1 from deals d join offers o on o.id = d.offer_id
      where o.partner_id <> ${partnerId} and v.id = any(d.venue_ids))
    or exists (select 1 from products p join offers o on o.id = p.offer_id
      where o.partner_id <> ${partnerId} and p.venue_id = v.id)
    or exists (select 1 from reward_items r join offers o on o.id = r.offer_id
      where o.partner_id <> ${partnerId} and r.venue_id = v.id))`;
}

export type VenueDbRow = {
  id: number;
  name: string;
  address: string | null;
  has_code: boolean;
  shared: boolean;
};

export async function listVenues(db: DbExecutor, offerId: number, partnerId: number): Promise<VenueDbRow[]> {
  return queryRows<VenueDbRow>(
    db,
    sql`select v.id, v.name, v.address, v.pin is not null as has_code,
        ${usedByOtherPartner(partnerId)} as shared
      from venues v where v.id in (${offerVenueIds(offerId)}) order by lower(v.name), v.id`,
  );
}

/** One venue of the offer, its row locked, with its current code (null: none). */
export async function lockVenue(
  db: DbExecutor,
  offerId: number,
  partnerId: number,
  venueId: number,
): Promise<(VenueDbRow & { pin: string | null }) | undefined> {
  const [row] = await queryRows<VenueDbRow & { pin: string | null }>(
    db,
    sql`select v.id, v.name, v.address, v.pin, v.pin is not null as has_code,
        ${usedByOtherPartner(partnerId)} as shared
      from venues v where v.id = ${venueId} and v.id in (${offerVenueIds(offerId)}) for update of v`,
  );
  return row;
}

export async function setVenueCode(db: DbExecutor, venueId: number, code: string): Promise<void> {
  await db.execute(sql`update venues set pin = ${code} where id = ${venueId}`);
}

export type ProductDbRow = {
  id: number;
  name: string;
  type: string;
  deal_id: number;
  venue_id: number | null;
};

export async function listProducts(db: DbExecutor, offerId: number): Promise<ProductDbRow[]> {
  return queryRows<ProductDbRow>(
    db,
    sql`select id, name, type, deal_id, venue_id from products where offer_id = ${offerId}
      order by lower(name), id`,
  );
}

/** Whether the deal of the offer lists the venue. */
export async function dealHasVenue(db: DbExecutor, dealId: number, venueId: number): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from deals where id = ${dealId} and ${venueId} = any(venue_ids)`,
  );
  return rows.length > 0;
}

/**
 * A new content stamp for the offer (decision 0023): GET /data's offer content and the module pages are
 * cached per offer row version, so every content change touches the row in its own transaction.
 */
export async function touchOffer(db: DbExecutor, offerId: number): Promise<void> {
  await db.execute(sql`update offers set id = id where id = ${offerId}`);
}

/** A partner preview session (spec: preview mode) of the offer, keyed by the link token's hash. */
export async function insertPreviewSession(
  db: DbExecutor,
  values: {
    offerId: number;
    tokenHash: string;
    type: 'product' | 'venue';
    targetId: number;
    dealId: number | null;
    label: string;
    path: string;
    now: Date;
  },
): Promise<void> {
  await db.execute(
    sql`insert into sessions (token_hash, offer_id, is_preview, preview_type, preview_type_id, preview_deal_id,
        label, path, created_at, updated_at)
      values (${values.tokenHash}, ${values.offerId}, true, ${values.type}, ${values.targetId}, ${values.dealId},
        ${values.label}, ${values.path}, ${values.now.toISOString()}::timestamptz, ${values.now.toISOString()}::timestamptz)`,
  );
}
