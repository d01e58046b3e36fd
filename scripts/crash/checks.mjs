// The crash test's consistency checks: SQL reads of the whole database, compared with the state before the
// load (the baseline) and with what the clients were answered. Each check answers a list of problems.
import { EXPECTED_STATUSES, IN_PROGRESS_MESSAGE } from './load.mjs';

/** Answers an idempotency key keeps (decision 0019): 2xx, 400, 404, 409 and 422, but not "in progress". */
function isStoredAnswer(record) {
  const { status } = record;
  if (status === null) return false;
  if (status === 409 && record.response?.error?.message === IN_PROGRESS_MESSAGE) return false;
  return (status >= 200 && status < 300) || [400, 404, 409, 422].includes(status);
}

/** The stock key an item with this option counts against (apps/server/src/modules/cart/stock.ts). */
function stockKey(tickets, attributeId) {
  if (attributeId !== null && String(attributeId) in tickets) return String(attributeId);
  return '0' in tickets ? '0' : null;
}

const SNAPSHOT_QUERIES = {
  ledger: `select id, partner_user_id as uid, offer_id as offer, deal_id as deal, points, balance, order_id,
    redeemed_item_id from points_ledger order by partner_user_id, offer_id, deal_id, value_date, id`,
  orders: 'select id, status, points_paid, current_points, purchased_at is not null as purchased from orders',
  items: 'select id, order_id, reward_item_id, attribute_id, points_paid from order_items',
  orderDeals: `select od.id, od.redemptions_remaining as remaining, od.redemptions_made as made,
    (select coalesce(sum(op.redemptions), 0)::int from order_products op where op.order_deal_id = od.id)
      as product_redemptions
    from order_deals od`,
  orderProducts: `select op.id, op.redemptions, op.redemptions_remaining_use as uses_left,
    op.redeemed is not null as redeemed, op.points_to_be_earned as points, t.id is not null as has_ticket,
    (select count(*)::int from points_ledger l where l.order_product_id = op.id and l.points > 0) as credits
    from order_products op left join tickets t on t.order_product_id = op.id`,
  // What is left after completed orders: the stored count less the pending takes, per key (the server's
  // cart/stock.ts ticketsLeftSql).
  rewards: `select r.id, r.tickets_available || coalesce((
      select jsonb_object_agg(t.stock_key, (r.tickets_available ->> t.stock_key)::int - t.n)
      from (select stock_key, count(*)::int as n from reward_stock_takes
        where reward_item_id = r.id group by stock_key) t
      where r.tickets_available ? t.stock_key), '{}'::jsonb) as tickets
    from reward_items r where r.tickets_available is not null`,
  // Pending takes with their item's reward and option and its order's status.
  takes: `select t.order_item_id, t.reward_item_id, t.stock_key, i.reward_item_id as item_reward,
      i.attribute_id, o.status
    from reward_stock_takes t join order_items i on i.id = t.order_item_id join orders o on o.id = i.order_id`,
  completedItems: `select i.reward_item_id, i.attribute_id, count(*)::int as n from order_items i
    join orders o on o.id = i.order_id
    where o.status = 'completed' and i.reward_item_id is not null group by 1, 2`,
  keys: 'select partner_user_id, key, status, response from idempotency_keys',
};

/** Everything the checks read, in one repeatable-read transaction (one view of the database). */
export async function snapshot(sql) {
  const rows = {};
  await sql('begin isolation level repeatable read');
  try {
    for (const [name, text] of Object.entries(SNAPSHOT_QUERIES)) rows[name] = await sql(text);
  } finally {
    await sql('commit');
  }
  const { ledger, orders, items, orderDeals, orderProducts, rewards, completedItems, keys, takes } = rows;
  // Stock left plus stock taken by completed claims, per reward item and key: constant under any load.
  const stockTotals = new Map();
  for (const reward of rewards) {
    for (const [key, count] of Object.entries(reward.tickets)) {
      if (count === null) continue;
      const taken = completedItems
        .filter(
          (row) => row.reward_item_id === reward.id && stockKey(reward.tickets, row.attribute_id) === key,
        )
        .reduce((sum, row) => sum + row.n, 0);
      stockTotals.set(`${reward.id}:${key}`, { left: count, total: count + taken });
    }
  }
  return {
    ledger,
    orders: new Map(orders.map((row) => [row.id, row])),
    items,
    orderDeals: new Map(orderDeals.map((row) => [row.id, row])),
    orderProducts: new Map(orderProducts.map((row) => [row.id, row])),
    stockTotals,
    rewardTickets: new Map(rewards.map((row) => [row.id, row.tickets])),
    takes,
    keys: new Map(keys.map((row) => [`${row.partner_user_id}:${row.key}`, row])),
  };
}

/** Every running balance is the sum of its history's entries so far and never below 0. */
function checkLedger(now) {
  const problems = [];
  let scope = '';
  let running = 0;
  for (const entry of now.ledger) {
    const entryScope = `user ${entry.uid} offer ${entry.offer} deal ${entry.deal}`;
    if (entryScope !== scope) {
      scope = entryScope;
      running = 0;
    }
    running += entry.points;
    if (entry.balance !== running) {
      problems.push(
        `ledger ${scope}: entry ${entry.id} has balance ${entry.balance}, its entries sum to ${running}`,
      );
    }
    if (entry.balance < 0) problems.push(`ledger ${scope}: entry ${entry.id} leaves ${entry.balance} points`);
  }
  return problems;
}

/**
 * A completed claim has exactly its one debit (the item's points, the order's balance after it); a draft,
 * cancelled or expired order has none; every debit belongs to a completed order's item (or was imported).
 */
function checkOrders(now, before) {
  const problems = [];
  const importedEntries = new Set(before.ledger.map((entry) => entry.id));
  const debitsOf = new Map();
  for (const entry of now.ledger) {
    if (entry.points >= 0) continue;
    if (entry.order_id === null) {
      if (!importedEntries.has(entry.id)) problems.push(`debit ${entry.id} (${entry.points}) has no order`);
      continue;
    }
    debitsOf.set(entry.order_id, [...(debitsOf.get(entry.order_id) ?? []), entry]);
  }
  const claimsOf = new Map();
  for (const item of now.items) {
    if (item.reward_item_id !== null)
      claimsOf.set(item.order_id, [...(claimsOf.get(item.order_id) ?? []), item]);
  }
  for (const [orderId, debits] of debitsOf) {
    const order = now.orders.get(orderId);
    if (order?.status !== 'completed') {
      problems.push(
        `order ${orderId} (${order?.status ?? 'missing'}) has ${debits.length} debit(s): charged but not completed`,
      );
    }
  }
  for (const order of now.orders.values()) {
    const claims = claimsOf.get(order.id) ?? [];
    if (claims.length > 1)
      problems.push(`order ${order.id} holds ${claims.length} reward items (one per cart)`);
    const [item] = claims;
    if (order.status !== 'completed' || !item || item.points_paid === 0) continue;
    const debits = debitsOf.get(order.id) ?? [];
    const [debit] = debits;
    if (debits.length !== 1) {
      problems.push(`completed order ${order.id} has ${debits.length} debits (one expected)`);
    } else if (debit.redeemed_item_id !== item.id || debit.points !== -item.points_paid) {
      problems.push(
        `completed order ${order.id}: its debit ${debit.id} (${debit.points}) is not its item's ${-item.points_paid}`,
      );
    } else if (
      order.points_paid !== item.points_paid ||
      order.current_points !== debit.balance ||
      !order.purchased
    ) {
      problems.push(
        `completed order ${order.id}: points_paid, current_points or purchased_at disagree with its debit`,
      );
    }
  }
  return problems;
}

/** Redemption counters: each order deal's made is its products' redemptions, and made + remaining is fixed. */
function checkRedemptions(now, before) {
  const problems = [];
  for (const deal of now.orderDeals.values()) {
    const was = before.orderDeals.get(deal.id);
    if (deal.made !== deal.product_redemptions) {
      problems.push(
        `order deal ${deal.id}: redemptions_made ${deal.made}, its order products were redeemed ${deal.product_redemptions} times`,
      );
    }
    if (!was || (was.remaining === null) !== (deal.remaining === null)) continue;
    if (
      deal.remaining !== null &&
      (deal.remaining < 0 || deal.remaining + deal.made !== was.remaining + was.made)
    ) {
      problems.push(
        `order deal ${deal.id}: ${deal.made} made + ${deal.remaining} remaining, it allows ${was.remaining + was.made}`,
      );
    }
  }
  for (const op of now.orderProducts.values()) {
    const was = before.orderProducts.get(op.id);
    if (!was) continue;
    const taken = op.redemptions - was.redemptions;
    if (op.uses_left !== null && (op.uses_left < 0 || taken !== was.uses_left - op.uses_left)) {
      problems.push(
        `order product ${op.id}: redeemed ${taken} more times, its uses left went from ${was.uses_left} to ${op.uses_left}`,
      );
    }
    if (op.redeemed !== op.redemptions > 0) {
      problems.push(
        `order product ${op.id}: ${op.redemptions} redemptions but redeemed is ${op.redeemed ? 'set' : 'empty'}`,
      );
    }
    if (op.has_ticket !== op.redemptions > 0) {
      problems.push(
        `order product ${op.id}: ${op.redemptions} redemptions and ${op.has_ticket ? 'a' : 'no'} ticket`,
      );
    }
    const credited = op.credits - was.credits;
    if (credited !== (op.points > 0 ? taken : 0)) {
      problems.push(`order product ${op.id}: redeemed ${taken} more times and credited ${credited} times`);
    }
  }
  return problems;
}

/**
 * No stock lost or created: what is left plus what completed claims took is what there was. A pending take
 * (decision 0016) is of a completed order's item, on the key that item counts against.
 */
function checkStock(now, before) {
  const problems = [];
  for (const take of now.takes) {
    const tickets = now.rewardTickets.get(take.reward_item_id);
    if (take.status !== 'completed') {
      problems.push(`pending take of item ${take.order_item_id}: its order is ${take.status}`);
    } else if (take.item_reward !== take.reward_item_id) {
      problems.push(
        `pending take of item ${take.order_item_id}: of reward ${take.reward_item_id}, not its own`,
      );
    } else if (!tickets || stockKey(tickets, take.attribute_id) !== take.stock_key) {
      problems.push(`pending take of item ${take.order_item_id}: key ${take.stock_key} is not its item's`);
    }
  }
  for (const [key, was] of before.stockTotals) {
    const is = now.stockTotals.get(key);
    if (!is) problems.push(`reward item ${key}: its stock count is gone`);
    else if (is.total !== was.total || is.left < 0) {
      problems.push(
        `reward item ${key}: ${is.left} left + completed claims = ${is.total}, there were ${was.total}`,
      );
    }
  }
  return problems;
}

/**
 * What the clients were told holds after the crash: an answered 200 was kept (a completed order stays
 * completed, a redemption stays made), no key acted more than once, and each key is either answered as its
 * client was answered or pending (abandoned: its request died with the server and was never answered).
 */
function checkAnswers(now, before, records) {
  const problems = [];
  for (const record of records) {
    if (record.status === null) continue;
    const allowed = EXPECTED_STATUSES[record.kind];
    const retriedDelete = record.kind === 'delete' && record.retryOf !== undefined && record.status === 404;
    if (!allowed.includes(record.status) && !retriedDelete) {
      const message = record.response?.error?.message ?? JSON.stringify(record.response)?.slice(0, 200);
      problems.push(`${record.method} ${record.path} answered ${record.status}: ${message}`);
    }
    if (record.status !== 200) continue;
    if (record.kind === 'create' && !now.orders.has(record.response.orderId)) {
      problems.push(`cart ${record.response.orderId} was answered 200 and is not in the database`);
    }
    if (record.kind === 'complete' && now.orders.get(record.orderId)?.status !== 'completed') {
      problems.push(
        `order ${record.orderId} was answered completed and is ${now.orders.get(record.orderId)?.status}`,
      );
    }
  }
  const byOp = new Map();
  for (const record of records.filter((r) => r.kind === 'redeem')) {
    const seen = byOp.get(record.opId) ?? { userId: record.userId, sent: new Set(), redeemed: new Set() };
    seen.sent.add(record.key);
    if (record.status === 200) seen.redeemed.add(record.key);
    byOp.set(record.opId, seen);
  }
  let unanswered = 0;
  for (const [opId, seen] of byOp) {
    const taken = now.orderProducts.get(opId).redemptions - before.orderProducts.get(opId).redemptions;
    if (taken > seen.redeemed.size) unanswered += taken - seen.redeemed.size;
    if (taken < seen.redeemed.size) {
      problems.push(`order product ${opId}: ${seen.redeemed.size} redemption(s) answered 200, ${taken} kept`);
    }
    if (taken > seen.sent.size) {
      problems.push(`order product ${opId}: redeemed ${taken} times by ${seen.sent.size} key(s)`);
    }
    // Each redemption is one key's answer: one that committed while its key stayed pending would be run
    // again by a retry of that key, once the claim counts as abandoned.
    const kept = [...seen.sent].filter(
      (key) => now.keys.get(`${seen.userId}:${key}`)?.status === '200',
    ).length;
    if (taken !== kept) {
      problems.push(
        `order product ${opId}: redeemed ${taken} more time(s), ${kept} of its ${seen.sent.size} key(s) keep that answer`,
      );
    }
  }
  let abandoned = 0;
  const sentKeys = new Set();
  for (const record of records.filter((r) => r.key)) {
    const id = `${record.userId}:${record.key}`;
    if (sentKeys.has(id)) continue;
    sentKeys.add(id);
    const answers = records.filter((r) => r.key === record.key && isStoredAnswer(r));
    const row = now.keys.get(id);
    if (row?.status === 'pending') {
      abandoned += 1;
      if (answers.length > 0)
        problems.push(`key ${record.key} is pending, yet was answered ${answers[0].status}`);
      continue;
    }
    for (const answer of answers) {
      if (row?.status !== String(answer.status)) {
        problems.push(
          `key ${record.key} was answered ${answer.status} and is kept as ${row?.status ?? 'nothing'}`,
        );
      }
    }
    if (row?.status === '200') {
      const answeredOp = row.response?.order_products?.[0]?.id;
      const taken =
        now.orderProducts.get(record.opId).redemptions - before.orderProducts.get(record.opId).redemptions;
      if (answeredOp !== record.opId || taken < 1) {
        problems.push(
          `key ${record.key} keeps a redemption of ${answeredOp}; order product ${record.opId} was redeemed ${taken} times`,
        );
      }
    }
  }
  for (const id of now.keys.keys()) {
    if (!sentKeys.has(id)) problems.push(`key ${id} is stored and no client sent it`);
  }
  return { problems, abandoned, unanswered };
}

/** All the checks on one snapshot. */
export function checkConsistency(now, before, records) {
  const answers = checkAnswers(now, before, records);
  return {
    problems: [
      ...checkLedger(now),
      ...checkOrders(now, before),
      ...checkRedemptions(now, before),
      ...checkStock(now, before),
      ...answers.problems,
    ],
    abandonedKeys: answers.abandoned,
    /** Redemptions kept whose request was never answered 200 (it died with the server after committing). */
    unansweredRedemptions: answers.unanswered,
  };
}
