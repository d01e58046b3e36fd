import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';
import { foldReportDays } from '../reports/repository';

/**
 * `npm run seed:load` (issue 30 item 7, decision 0042): many holders on one offer, to measure the console's
 * holder list, search and fulfilment queue at scale. Every seeded holder is a partner user with an address
 * `load-NNNNNN@seed.trailpass.example`, a pass, a credit on the offer's points deal and, for one in
 * three, a page view (their "last seen"); one in ten has a completed order for one of the offer's rewards:
 * alternately shipped (half of those sent already, with a carrier) and picked up (half collected), paid with
 * a debit of the reward's points. Written in batches, one statement and transaction each, with
 * generate_series.
 *
 * With `pageViews` and `checkIns` (issue 31 item 5, decision 0045: the CLI's defaults are 2,000,000 and
 * 200,000), the holders' activity over the last 400 days, so that a report of the longest range (366 days)
 * has data throughout: page views of the holder app's route names, as POST /pass/api/events/page-view writes
 * them, and check-ins at the offer's check-in products and their venues, as the redeem service writes them
 * (a `check_ins` row, and the points the product earns credited to its deal in `points_ledger` while the
 * deal's points period lasts, expiring when the deal's points do), spread over the seeded holders in time
 * order (as they would have arrived). The ledger's running balances are then recomputed for the seeded
 * holders, since credits dated before their reward's debit are added after it.
 */
export const SEED_EMAIL_DOMAIN = 'seed.trailpass.example';
const SEED_PATTERN = `load-%@${SEED_EMAIL_DOMAIN}`;

export interface SeedLoadOptions {
  holders: number;
  offerId: number;
  batch?: number;
  /** Page views and check-ins over the last 400 days (none unless given). */
  pageViews?: number;
  checkIns?: number;
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
 * The holder app's route names a page view records (contract `routeNames`, spec 2.1), weighted as a pass is
 * used: mostly the experiences and their deals, then rewards, messages and orders. Login and Signup are not
 * a holder's pages.
 */
const VIEWED_ROUTES = [
  'Experiences',
  'Experiences',
  'Experiences',
  'Experiences',
  'Deal',
  'Deal',
  'DealVenue',
  'DealVenueProduct',
  'DealProduct',
  'Venue',
  'VenueProduct',
  'Product',
  'Explore',
  'Rewards',
  'Rewards',
  'ClaimReward',
  'RewardsHistory',
  'RewardsClaimed',
  'ShippingInfo',
  'Messages',
  'Subscriptions',
  'OrderHistory',
  'OrderDetails',
  'ReviewOrder',
  'Cart',
  'CommonQuestions',
  'More',
];
/** The activity's span: a 366-day report ending today has data on every day. */
const ACTIVITY_SECONDS = 400 * 86_400;

interface Activity {
  offerId: number;
  partnerId: number;
  /** Seeded holders, numbered 1..holders by their address. */
  holders: number;
  total: number;
  from: number;
  to: number;
  now: Date;
}

/** The seeded holders with their number (`load-NNNNNN@…`), the join every activity row picks its holder by. */
const seededHolders = (partnerId: number) =>
  sql`select id, substr(email, 6, 6)::int as n from partner_users
    where partner_id = ${partnerId}::int and email like ${SEED_PATTERN}::text`;

/**
 * Row k of `total`: its instant (in time order over the last 400 days, as events arrive) and a holder and a
 * choice spread over their ranges by multiplying with primes.
 */
const activityRows = (a: Activity, choices: number) =>
  sql`select k, ${a.now}::timestamptz - make_interval(secs => (${a.total}::int - k + 0.5) * ${ACTIVITY_SECONDS}::float8 / ${a.total}::int) as at,
      1 + (k::bigint * 7919) % ${a.holders}::int as n, 1 + ((k::bigint * 48271) % 2147483647) % ${choices}::int as j
    from generate_series(${a.from}::int, ${a.to}::int) k`;

/** Page views k = from..to, as insertPageView writes them (not previews, registered holders). */
function pageViewsStatement(a: Activity) {
  return sql`with h as (${seededHolders(a.partnerId)}), s as (${activityRows(a, VIEWED_ROUTES.length)})
    insert into page_views (created_at, route_name, partner_id, offer_id, is_preview, is_unregistered, partner_user_id)
    select s.at, (${textArray(VIEWED_ROUTES)})[s.j], ${a.partnerId}::int, ${a.offerId}::int, false, false, h.id
    from s join h on h.n = s.n
    order by s.k`;
}

/**
 * Check-ins k = from..to at the offer's check-in products, as redeemOrderProduct writes them: a check_ins row
 * at the product's venue and, while the product's deal earns points (dealEarnsPoints), its points credited
 * with the deal's expiry (creditExpiry: the deal's points_valid_until, and a year on a points offer) and the
 * reason earnedReason gives. The ledger's balances are set afterwards (recomputeBalances). The seed has no
 * order products: check_ins.order_product_id and the credit's order_product_id stay empty.
 */
function checkInsStatement(a: Activity, products: number) {
  return sql`with h as (${seededHolders(a.partnerId)}),
    p as (
      select row_number() over (order by pr.id) as j, pr.id, pr.name, pr.venue_id, v.name as venue,
        pr.points_to_be_earned as points, pr.deal_id, coalesce(d.use_points, false) as earns, d.points_valid_until, o.use_points as points_offer
      from products pr join offers o on o.id = pr.offer_id
        left join venues v on v.id = pr.venue_id left join deals d on d.id = pr.deal_id
      where pr.offer_id = ${a.offerId}::int and pr.type = 'check-in'
    ),
    s as (${activityRows(a, products)}),
    r as (select s.k, s.at, h.id as holder, p.* from s join h on h.n = s.n join p on p.j = s.j),
    c as (
      insert into check_ins (offer_id, venue_id, product_id, partner_user_id, at)
      select ${a.offerId}::int, r.venue_id, r.id, r.holder, r.at from r order by r.k
      returning 1
    )
    insert into points_ledger (partner_user_id, offer_id, deal_id, reason_text, points, balance, value_date, expires_at)
    select r.holder, ${a.offerId}::int, r.deal_id,
      case when r.venue is not null then 'checked in at ' || r.venue else 'checked in: ' || r.name end,
      r.points, 0, r.at,
      least(r.points_valid_until, case when r.points_offer then r.at + interval '8760 hours' end)
    from r
    where r.points > 0 and r.earns and (r.points_valid_until is null or r.points_valid_until > r.at)
    order by r.k`;
}

/** Each seeded holder's ledger balances (ids idFrom..idTo) as the running sum of their history. */
function recomputeBalances(offerId: number, partnerId: number, idFrom: number, idTo: number) {
  return sql`update points_ledger l set balance = r.running
    from (
      select e.id, sum(e.points) over (partition by e.partner_user_id, e.offer_id, e.deal_id
          order by e.value_date, e.id) as running
      from points_ledger e
      where e.offer_id = ${offerId}::int and e.partner_user_id between ${idFrom}::int and ${idTo}::int
        and e.partner_user_id in (${sql`select id from (${seededHolders(partnerId)}) h`})
    ) r
    where r.id = l.id and l.balance <> r.running`;
}

function checkActivityCounts(pageViews: number, checkIns: number) {
  for (const [flag, n] of [
    ['--page-views', pageViews],
    ['--check-ins', checkIns],
  ] as const) {
    if (!Number.isInteger(n) || n < 0 || n > 99_999_999)
      throw new SeedLoadError(`${flag} must be a whole number from 0 to 99,999,999.`);
  }
}

export interface SeedActivityOptions {
  offerId: number;
  pageViews: number;
  checkIns: number;
  /** Rows per statement (each its own transaction). */
  batch?: number;
  now?: Date;
  log?: (line: string) => void;
}

/**
 * Page views and check-ins (with their points) of the seeded holders of the offer's partner over the last
 * 400 days (issue 31 item 5). Part of seedLoad; exported for a database seeded with holders only.
 */
export async function seedActivity(db: AppDb, options: SeedActivityOptions): Promise<void> {
  const batch = options.batch ?? 100_000;
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  checkActivityCounts(options.pageViews, options.checkIns);
  const [row] = await queryRows<{
    partner_id: number | null;
    holders: number | string;
    products: number | string;
    min_id: number | null;
    max_id: number | null;
  }>(
    db,
    sql`select o.partner_id,
        (select count(*) from partner_users where partner_id = o.partner_id and email like ${SEED_PATTERN}) as holders,
        (select count(*) from products where offer_id = o.id and type = 'check-in') as products,
        (select min(id) from partner_users where partner_id = o.partner_id and email like ${SEED_PATTERN}) as min_id,
        (select max(id) from partner_users where partner_id = o.partner_id and email like ${SEED_PATTERN}) as max_id
      from offers o where o.id = ${options.offerId}`,
  );
  if (!row) throw new SeedLoadError(`There is no offer ${options.offerId} in this database.`);
  const holders = Number(row.holders);
  const products = Number(row.products);
  if (holders === 0)
    throw new SeedLoadError('Seed holders first: activity is spread over the seeded holders.');
  if (options.checkIns > 0 && products === 0)
    throw new SeedLoadError(`Offer ${options.offerId} has no check-in products to check in at.`);
  const base = { offerId: options.offerId, partnerId: Number(row.partner_id), holders, now };
  for (const [what, total] of [
    ['page views', options.pageViews],
    ['check-ins', options.checkIns],
  ] as const) {
    for (let from = 1; from <= total; from += batch) {
      const to = Math.min(total, from + batch - 1);
      const a = { ...base, total, from, to };
      await db.transaction(async (tx) => {
        await tx.execute(what === 'page views' ? pageViewsStatement(a) : checkInsStatement(a, products));
      });
      log(`seeded ${what} ${from}-${to} of ${total}`);
    }
  }
  if (options.checkIns > 0 && row.min_id !== null && row.max_id !== null) {
    const step = Math.max(1, Math.floor(batch / 10));
    for (let from = Number(row.min_id); from <= Number(row.max_id); from += step) {
      const to = Math.min(Number(row.max_id), from + step - 1);
      await db.transaction(async (tx) => {
        await tx.execute(recomputeBalances(options.offerId, base.partnerId, from, to));
      });
    }
    log('recomputed the seeded holders’ point balances');
  }
  // The report days the triggers appended to, folded now rather than by the bench's first report.
  await foldReportDays(db, null);
  // The planner's statistics, and the visibility map the reports' index-only scans need (autovacuum would
  // set it some time after 2,000,000 inserts; the bench should not measure before it has).
  await db.execute(sql`vacuum (analyze) page_views, check_ins, points_ledger, page_view_days, points_days`);
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
  checkActivityCounts(options.pageViews ?? 0, options.checkIns ?? 0);
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
  const pageViews = options.pageViews ?? 0;
  const checkIns = options.checkIns ?? 0;
  if (pageViews > 0 || checkIns > 0) {
    await seedActivity(db, { offerId: options.offerId, pageViews, checkIns, batch: batch * 10, now, log });
  }
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
