// What the crash test's load works on, added by SQL to the freshly imported demo (demo/README.md) before the
// first kill: enough order products to redeem for a minute of load, and points to spend. Every row keeps the
// rules the checks test (running balances, counters that add up), so the first check finds nothing.

/** Pass tokens of the demo holders the load acts for (demo/README.md, "Pass links"). */
export const TOKENS = {
  avaBrew: 'demo-ava-brew-7Qx2mK9pL4vN8rT1',
  avaRewards: 'demo-ava-rewards-3Hk8sW2qZ6yB5nC0',
  samStaff: 'demo-sam-staff-5Jd2nF8kP3sV6gH9',
  harperCheckin: 'demo-harper-checkin-2Vn7qY5hD9jS3fA6',
};

/**
 * Ava's starting points on Lakeshore Rewards (deal 204), over the demo's 1200: a few dozen claims' worth, so
 * that the cruise sells out and the tumbler's stock is taken many times before her points run out.
 */
const STARTING_POINTS = 20_000;
/** The cruise's stock, over the demo's 8, so that it sells out in the middle of a run rather than at once. */
const CRUISE_STOCK = 20;
/**
 * The tumbler's stock (the demo's is unlimited): more than max_connections above what the run can take, so
 * that its completions share the reward's stock and take without waiting for its row (decision 0016), while
 * the cruise's and the getaway's take turns.
 */
const TUMBLER_STOCK_OVER_MAX_CONNECTIONS = 500;

/**
 * The redeem pools: one completed order per holder with an order deal and `count` order products of each
 * product. `added` raises the deal's max for this order (added_max_redemptions), so the deal limit is
 * reached in the middle of a run. Venue codes are the demo's venues[].pin.
 */
const POOLS = [
  {
    name: 'ava-rewards check-ins',
    token: TOKENS.avaRewards,
    userId: 1001,
    offerId: 102,
    dealId: 204,
    added: 0,
    products: [
      { productId: 513, count: 300, route: 'checkIn', pin: '4821' },
      { productId: 514, count: 300, route: 'checkIn', pin: '2468' },
    ],
  },
  {
    name: 'ava-brew tickets and check-ins',
    token: TOKENS.avaBrew,
    userId: 1001,
    offerId: 101,
    dealId: 201,
    added: 54,
    products: [
      { productId: 507, count: 100, route: 'redeem', pin: '1357' },
      { productId: 502, count: 50, route: 'checkIn', pin: '1357' },
    ],
  },
  {
    name: 'sam check-ins',
    token: TOKENS.samStaff,
    userId: 1002,
    offerId: 101,
    dealId: 201,
    added: 194,
    products: [{ productId: 502, count: 300, route: 'checkIn', pin: '1357' }],
  },
  {
    name: 'harper check-ins',
    token: TOKENS.harperCheckin,
    userId: 1004,
    offerId: 103,
    dealId: 205,
    added: 0,
    products: [
      { productId: 515, count: 200, route: 'checkIn', pin: '9042' },
      { productId: 516, count: 200, route: 'checkIn', pin: '9042' },
    ],
  },
];

async function seedPool(sql, pool) {
  const [order] = await sql(
    `insert into orders (offer_id, partner_user_id, status, purchased_at)
     values ($1, $2, 'completed', now()) returning id`,
    [pool.offerId, pool.userId],
  );
  const [orderDeal] = await sql(
    `insert into order_deals (order_id, deal_id, redemptions_remaining, redemptions_made, added_max_redemptions)
     select $1::int, d.id, d.max_product_redemptions + $2::int, 0, $2::int from deals d where d.id = $3::int
     returning id`,
    [order.id, pool.added, pool.dealId],
  );
  const byProduct = [];
  for (const product of pool.products) {
    const rows = await sql(
      `insert into order_products
         (order_id, product_id, deal_id, order_deal_id, redemptions, redemptions_remaining_use, points_to_be_earned)
       select $1::int, p.id, p.deal_id, $2::int, 0, greatest(p.redemptions, 1), p.points_to_be_earned
       from products p, generate_series(1, $3::int) where p.id = $4::int
       returning id, redemptions_remaining_use as uses`,
      [order.id, orderDeal.id, product.count, product.productId],
    );
    byProduct.push(
      rows.map((row) => ({ id: row.id, uses: row.uses, route: product.route, pin: product.pin })),
    );
  }
  // Interleaved, so that each client meets every kind of order product.
  const longest = Math.max(...byProduct.map((list) => list.length));
  const interleaved = Array.from({ length: longest }, (_, i) => byProduct.flatMap((list) => list[i] ?? []));
  return { ...pool, orderId: order.id, ops: interleaved.flat() };
}

/** Adds the load's data in one transaction; answers the redeem pools with their order product ids. */
export async function seed(sql) {
  await sql('begin');
  try {
    await sql(
      `insert into points_ledger (partner_user_id, offer_id, deal_id, reason_text, points, balance, value_date, expires_at)
       select 1001, 102, 204, 'crash test: starting points', $1::int,
         coalesce((select balance from points_ledger where partner_user_id = 1001 and offer_id = 102
           and deal_id = 204 order by value_date desc, id desc limit 1), 0) + $1::int,
         $2::timestamptz, $2::timestamptz + interval '365 days'`,
      // The app's clock (milliseconds), not now() (microseconds): the ledger dates entries in one order.
      [STARTING_POINTS, new Date().toISOString()],
    );
    await sql(
      `update reward_items set tickets_available = jsonb_set(tickets_available, '{0}', to_jsonb($1::int))
       where id = 1211`,
      [CRUISE_STOCK],
    );
    await sql(
      `update reward_items set tickets_available = jsonb_build_object('0',
         current_setting('max_connections')::int + $1::int) where id = 1210`,
      [TUMBLER_STOCK_OVER_MAX_CONNECTIONS],
    );
    const pools = [];
    for (const pool of POOLS) pools.push(await seedPool(sql, pool));
    await sql('commit');
    return pools;
  } catch (error) {
    await sql('rollback');
    throw error;
  }
}
