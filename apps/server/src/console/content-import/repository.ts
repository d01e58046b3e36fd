import { type SQL, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';

/**
 * The dry run's reads beyond the export's (decision 0047): which ids other offers' content already has,
 * which venues other offers use, and which holders' rows point at a record an upload would remove. Nothing
 * here writes.
 */

/** Tables of one offer's own content, whose ids an upload may not take from another offer. */
export const OWN_TABLES = {
  deals: 'deals',
  products: 'products',
  rewardItems: 'reward_items',
  packages: 'packages',
  perks: 'perks',
  faqs: 'faqs',
  attributes: 'attributes',
  modules: 'modules',
  assignments: 'assignments',
  messageLists: 'message_lists',
  availability: 'availability',
  pickupPoints: 'pickup_points',
  polls: 'polls',
  pollOptions: 'poll_options',
  media: 'media',
  venues: 'venues',
  categories: 'categories',
} as const;
export type OwnTable = keyof typeof OWN_TABLES;

const idList = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Which of `ids` the table already holds. */
export async function existingIds(
  db: DbExecutor,
  table: OwnTable,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from ${sql.identifier(OWN_TABLES[table])} where id in (${idList(ids)})`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/** The offers other than `offerId` whose content names each of `venueIds`, with their partner. */
export async function otherOffersOfVenues(
  db: DbExecutor,
  offerId: number,
  venueIds: readonly number[],
): Promise<Map<number, Array<{ offerId: number; partnerId: number; name: string }>>> {
  const out = new Map<number, Array<{ offerId: number; partnerId: number; name: string }>>();
  if (venueIds.length === 0) return out;
  const rows = await queryRows<{ venue_id: number; offer_id: number; partner_id: number; name: string }>(
    db,
    sql`select distinct u.venue_id, o.id as offer_id, o.partner_id, o.name from (
        select unnest(venue_ids) as venue_id, offer_id from deals
        union select venue_id, offer_id from products where venue_id is not null
        union select venue_id, offer_id from reward_items where venue_id is not null
        union select venue_id, offer_id from perks where venue_id is not null
      ) u join offers o on o.id = u.offer_id
      where u.offer_id <> ${offerId} and u.venue_id in (${idList(venueIds)})
      order by o.id`,
  );
  for (const row of rows) {
    const venueId = Number(row.venue_id);
    const list = out.get(venueId) ?? [];
    list.push({ offerId: Number(row.offer_id), partnerId: Number(row.partner_id), name: row.name });
    out.set(venueId, list);
  }
  return out;
}

/** What holders' rows point at a record: a table and column, and how a partner calls those rows. */
interface Reference {
  table: string;
  column: string;
  what: string;
}

/** The holders' data that keeps a record of each kind in the database (their foreign keys). */
export const HOLDER_REFERENCES = {
  deals: [
    { table: 'orders', column: 'deal_id', what: 'order' },
    { table: 'order_deals', column: 'deal_id', what: 'purchased deal' },
    { table: 'order_products', column: 'deal_id', what: 'order product' },
    { table: 'points_ledger', column: 'deal_id', what: 'points ledger entry' },
    { table: 'pass_links', column: 'preview_deal_id', what: 'pass or preview link' },
    { table: 'sessions', column: 'preview_deal_id', what: 'preview session' },
  ],
  products: [{ table: 'order_products', column: 'product_id', what: 'order product' }],
  rewardItems: [{ table: 'order_items', column: 'reward_item_id', what: 'order item' }],
  attributes: [{ table: 'order_items', column: 'attribute_id', what: 'order item' }],
  packages: [{ table: 'order_packages', column: 'package_id', what: 'purchased package' }],
  venues: [
    { table: 'order_items', column: 'venue_id', what: 'order item' },
    { table: 'pass_links', column: 'venue_id', what: 'pass or preview link' },
    { table: 'sessions', column: 'venue_id', what: 'session' },
  ],
  messageLists: [{ table: 'subscriptions', column: 'message_list_id', what: 'holder’s subscription' }],
  availability: [{ table: 'item_dates', column: 'availability_id', what: 'booked pickup date' }],
  pickupPoints: [{ table: 'item_dates', column: 'pickup_point_id', what: 'booked pickup date' }],
  polls: [{ table: 'ballots', column: 'poll_id', what: 'ballot' }],
  pollOptions: [{ table: 'ballots', column: 'option_id', what: 'ballot' }],
} satisfies Record<string, Reference[]>;
export type ReferencedKind = keyof typeof HOLDER_REFERENCES;

/** Per id of `ids`, what holders' rows point at it: `[{what, count}]`, only ids with some. */
export async function holderReferences(
  db: DbExecutor,
  kind: ReferencedKind,
  ids: readonly number[],
): Promise<Map<number, Array<{ what: string; count: number }>>> {
  const out = new Map<number, Array<{ what: string; count: number }>>();
  if (ids.length === 0) return out;
  const references: readonly Reference[] = HOLDER_REFERENCES[kind];
  const selects = references.map(
    (ref, i) =>
      sql`select ${i}::int as ref, ${sql.identifier(ref.column)} as id, count(*)::int as n
        from ${sql.identifier(ref.table)} where ${sql.identifier(ref.column)} in (${idList(ids)})
        group by ${sql.identifier(ref.column)}`,
  );
  const rows = await queryRows<{ ref: number; id: number; n: number }>(
    db,
    sql.join(selects, sql` union all `),
  );
  for (const row of rows.sort((a, b) => a.ref - b.ref)) {
    const ref = references[row.ref];
    if (!ref) continue;
    const list = out.get(Number(row.id)) ?? [];
    const same = list.find((entry) => entry.what === ref.what);
    if (same) same.count += Number(row.n);
    else list.push({ what: ref.what, count: Number(row.n) });
    out.set(Number(row.id), list);
  }
  return out;
}
