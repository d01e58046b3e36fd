import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';

/**
 * `npm run seed:load` (issue 30 item 7, decision 0042): many holders on one offer, to measure the console's
 * holder list, search and fulfilment queue at scale. Every seeded holder is a partner user with an address
 * `load-NNNNNN@seed.trailpass.example`, a pass, a credit on the offer's points deal and, for one in
 * three, a page view (their "last seen"); one in ten has a completed order for one of the offer's rewards:
 * alternately shipped (half of those sent already, with a carrier) and picked up (half collected), paid with
 * a debit of the reward's points. Written in batches, one statement and transaction each, with
 * generate_series.
 */
export const SEED_EMAIL_DOMAIN = 'seed.trailpass.example';
const SEED_PATTERN = `load-%@${SEED_EMAIL_DOMAIN}`;

export interface SeedLoadOptions {
  holders: number;
  offerId: number;
  batch?: number;
  now?: Date;
  log?: (line: string) => void;
}

export interface SeedLoadResult {
  offerId: number;
  partnerId: number;
  holders: number;
  orders: number;
}

/** A refusal the command prints as it is (exit 1): nothing was written. */
export class SeedLoadError extends Error {
  override name = 'SeedLoadError';
}

const FIRST_NAMES = [
  'Ava',
  'Ben',
  'Chloe',
  'Daniel',
  'Elena',
  'Felix',
  'Grace',
  'Hugo',
  'Iris',
  'Jonas',
  'Kira',
  'Liam',
  'Maya',
  'Noah',
  'Olivia',
  'Pavel',
  'Quinn',
  'Rosa',
  'Sam',
  'Tara',
  'Umar',
  'Vera',
  'Wes',
  'Yara',
  'Zane',
];
const LAST_NAMES = [
  'Anders',
  'Brooks',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Moreau',
  'Novak',
  'Okafor',
  'Patel',
  'Quintero',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Urban',
  'Varga',
  'Walsh',
  'Xu',
  'Young',
  'Zimmer',
  'Nguyen',
  'Silva',
  'Haddad',
  'Murphy',
  'Kim',
];
const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

interface Setup {
  partnerId: number;
  dealId: number;
  shippedItem: number;
  pickupItem: number;
}

/** The offer, its points deal and one shipped and one picked-up reward item of its orders to copy. */
async function setupOf(db: AppDb, offerId: number): Promise<Setup> {
  const [row] = await queryRows<{
    partner_id: number | null;
    deal_id: number | null;
    shipped: number | null;
    pickup: number | null;
  }>(
    db,
    sql`select o.partner_id,
        (select d.id from deals d where d.offer_id = o.id and d.use_points order by d.id limit 1) as deal_id,
        (select i.id from order_items i join orders r on r.id = i.order_id
          where r.offer_id = o.id and i.delivery_method = 'shipped' and i.reward_item_id is not null
          order by i.id limit 1) as shipped,
        (select i.id from order_items i join orders r on r.id = i.order_id
          where r.offer_id = o.id and i.delivery_method = 'picked_up' and i.reward_item_id is not null
          order by i.id limit 1) as pickup
      from offers o where o.id = ${offerId}`,
  );
  if (!row) {
    throw new SeedLoadError(
      `There is no offer ${offerId} in this database. Run npm start once (it imports the demo), or name an offer with --offer.`,
    );
  }
  if (row.deal_id === null || row.shipped === null || row.pickup === null) {
    throw new SeedLoadError(
      `Offer ${offerId} needs a points deal and orders with a shipped and a picked-up reward to copy (the demo's offer 101 has them).`,
    );
  }
  return {
    partnerId: Number(row.partner_id),
    dealId: Number(row.deal_id),
    shippedItem: Number(row.shipped),
    pickupItem: Number(row.pickup),
  };
}

/**
 * Holders numbered `from`..`to` (1-based), with everything they come with, in one statement (parameters
 * cast, since PostgreSQL cannot infer their types inside the CASEs and arithmetic).
 */
function batchStatement(offerId: number, setup: Setup, from: number, to: number, now: Date) {
  return sql`with s as (
      select i, (${textArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}::int] as fn,
        (${textArray(LAST_NAMES)})[1 + (i / ${FIRST_NAMES.length}::int) % ${LAST_NAMES.length}::int] || '-' || (i % 997)
          as ln
      from generate_series(${from}::int, ${to}::int) i
    ),
    u as (
      insert into partner_users (partner_id, name, first_name, last_name, email, contact_permission)
      select ${setup.partnerId}::int, fn || ' ' || ln, fn, ln, 'load-' || lpad(i::text, 6, '0') || '@' || ${SEED_EMAIL_DOMAIN}::text,
        (i % 3 = 0)::int
      from s returning id, first_name, last_name, email
    ),
    h as (
      select u.*, substr(u.email, 6, 6)::int as i, ${now}::timestamptz as now, 150 + (substr(u.email, 6, 6)::int * 37) % 500 as credit
      from u
    ),
    p as (
      insert into passes (partner_user_id, offer_id, created_at)
      select id, ${offerId}::int, now - make_interval(days => 90 + i % 200) from h returning 1
    ),
    c as (
      insert into points_ledger (partner_user_id, offer_id, deal_id, reason_text, points, balance, value_date)
      select id, ${offerId}::int, ${setup.dealId}::int, 'Welcome bonus', credit, credit, now - make_interval(days => 80 + i % 10)
      from h returning 1
    ),
    v as (
      insert into page_views (created_at, route_name, partner_id, offer_id, partner_user_id)
      select now - make_interval(mins => i % 43200), 'home', ${setup.partnerId}::int, ${offerId}::int, id from h
      where i % 3 = 0 returning 1
    ),
    o as (
      insert into orders (offer_id, partner_user_id, status, purchased_at, points_paid, customer, created_at, updated_at)
      select ${offerId}::int, h.id, 'completed', h.now - make_interval(days => h.i % 60, mins => h.i % 1440),
        t.points_paid,
        jsonb_build_object('first_name', h.first_name, 'last_name', h.last_name, 'email', h.email,
          'address', (100 + h.i % 900) || ' Lake Street', 'city', 'Port Alder', 'state', 'WI', 'zip_code', '54290',
          'country', 'US'),
        h.now - make_interval(days => h.i % 60, mins => h.i % 1440), h.now
      from h join order_items t on t.id = case when h.i % 20 = 0 then ${setup.shippedItem}::int else ${setup.pickupItem}::int end
      where h.i % 10 = 0
      returning id, partner_user_id, purchased_at
    ),
    oi as (
      insert into order_items (order_id, position, type, name, reward_item_id, parent_id, parent_type,
        parent_pickup_instructions, delivery_method, venue_id, points_paid, redemption_validation,
        pickup_instructions, giftable, redeemed, completed, carrier, tracking_number)
      select o.id, 0, t.type, t.name, t.reward_item_id, t.parent_id, t.parent_type, t.parent_pickup_instructions,
        t.delivery_method, t.venue_id, t.points_paid, t.redemption_validation, t.pickup_instructions, t.giftable,
        -- Half of each kind fulfilled already (sent, or collected), half still in the queue.
        case when h.i % 40 < 20 then o.purchased_at + interval '2 days' end,
        case when h.i % 40 < 20 then o.purchased_at + interval '2 days' end,
        case when h.i % 40 < 20 and t.delivery_method = 'shipped' then 'UPS' end,
        case when h.i % 40 < 20 and t.delivery_method = 'shipped' then '1Z' || lpad(h.i::text, 10, '0') end
      from o join h on h.id = o.partner_user_id
        join order_items t on t.id = case when h.i % 20 = 0 then ${setup.shippedItem}::int else ${setup.pickupItem}::int end
      returning id, order_id, points_paid
    )
    insert into points_ledger (partner_user_id, offer_id, deal_id, reason_text, points, balance, value_date,
      order_id, redeemed_item_id)
    select o.partner_user_id, ${offerId}::int, ${setup.dealId}::int, 'Reward claimed', -oi.points_paid,
      h.credit - oi.points_paid, o.purchased_at, o.id, oi.id
    from oi join o on o.id = oi.order_id join h on h.id = o.partner_user_id`;
}

/**
 * Seeds `holders` holders on the offer. Refuses (SeedLoadError, nothing written) when the offer is missing
 * or lacks what is copied, and when a seed ran on the partner already: a second run would only add the
 * same addresses again, which the partner's unique address index forbids.
 */
export async function seedLoad(db: AppDb, options: SeedLoadOptions): Promise<SeedLoadResult> {
  const batch = options.batch ?? 10_000;
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  if (!Number.isInteger(options.holders) || options.holders < 1 || options.holders > 999_999) {
    throw new SeedLoadError('--holders must be a whole number from 1 to 999,999.');
  }
  const setup = await setupOf(db, options.offerId);
  const [seeded] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from partner_users where partner_id = ${setup.partnerId} and email like ${SEED_PATTERN}`,
  );
  if (Number(seeded?.n ?? 0) > 0) {
    throw new SeedLoadError(
      `This database was seeded already: partner ${setup.partnerId} has ${Number(seeded?.n)} seeded holders (load-…@${SEED_EMAIL_DOMAIN}). Nothing was written; use a fresh database (DATA_DIR or DATABASE_URL) to seed again.`,
    );
  }
  for (let from = 1; from <= options.holders; from += batch) {
    const to = Math.min(options.holders, from + batch - 1);
    await db.transaction(async (tx) => {
      await tx.execute(batchStatement(options.offerId, setup, from, to, now));
    });
    log(`seeded holders ${from}-${to} of ${options.holders}`);
  }
  // The planner's statistics, so that the first queries after the seed see 100,000 rows, not a few.
  await db.execute(sql`analyze partner_users, passes, points_ledger, orders, order_items, page_views`);
  const [orders] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from orders o join partner_users pu on pu.id = o.partner_user_id
      where o.offer_id = ${options.offerId} and pu.email like ${SEED_PATTERN}`,
  );
  return {
    offerId: options.offerId,
    partnerId: setup.partnerId,
    holders: options.holders,
    orders: Number(orders?.n ?? 0),
  };
}
