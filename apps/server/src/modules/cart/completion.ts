/**
 * The statements of a cart completion (decision 0016, "Completing"): one read that plans it, one that takes
 * its locks, one that makes every change, then COMMIT. Each is a fixed statement, prepared by name on
 * node-postgres (db/prepared.ts preparedSql), so a completion costs a few round trips instead of the twenty
 * it took as separate Drizzle queries (decision 0023, round two).
 */
import { type SQL, sql } from 'drizzle-orm';
import { fieldsJson, fromJson, type JsonField, rowFromJson, rowJson } from '../../db/json-rows';
import { type Placeholders, preparedSql } from '../../db/prepared';
import {
  deals,
  offers,
  order_items,
  orders,
  partner_users,
  points_ledger,
  reward_items,
  reward_stock_takes,
  sessions,
  venues,
} from '../../db/schema';
import type { DealForOrdering } from '../data/domain';
import { type MailBrandJson, mailBrandJsonSql } from '../mail/branding';
import {
  OUTBOX_INSERT_INPUTS,
  type OutboxInsertInput,
  type OutboxValues,
  outboxInsertSql,
  outboxInsertValues,
} from '../mail/outbox';
import { type OrderRowsJson, orderRowsJsonSql } from '../orders/repository';
import { ledgerAppendCtes, ledgerLockSql } from '../points/ledger';
import { type PassSession, sessionColumns, toPassSession } from '../sessions/repository';
import type { CartItemRow, RewardItemRow } from './repository';
import { ticketsLess } from './stock';

const OFFER_FIELDS = {
  id: { column: offers.id, from: 'f' },
  use_points: { column: offers.use_points, from: 'f' },
  points_ratio: { column: offers.points_ratio, from: 'f' },
};
const DEAL_FIELDS = {
  id: { column: deals.id, from: 'd' },
  use_points: { column: deals.use_points, from: 'd' },
  points_valid_until: { column: deals.points_valid_until, from: 'd' },
};
const columnsOf = (fields: Record<string, JsonField>) =>
  Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.column]));

export interface CompletionPlan {
  /** The session of the token; null: no session has it. */
  session: PassSession | null;
  order: { id: number; status: string } | null;
  items: CartItemRow[];
  /** The reward of the first item, when it is the offer's. */
  reward: RewardItemRow | null;
  offer: { id: number; use_points: boolean; points_ratio: number | null } | null;
  deals: DealForOrdering[];
  /** The holder's points per deal of the offer (the last entry's running balance). */
  balances: Record<string, number>;
  /** The reward's pending takes per stock key. */
  pending: Record<string, number>;
  /** Postgres' max_connections: no more completions than that can be in flight at once. */
  maxConnections: number;
  /** For a draft: what its order confirmation e-mail needs besides the order (issue 29); else null. */
  mail: OrderMailContext | null;
}

/** What the order confirmation takes from outside the order, read with the plan so that it costs no read. */
export interface OrderMailContext {
  /** `language`: the holder's saved one (decision 0049), which the confirmation is written in. */
  holder: { email: string; first_name: string; last_name: string; language?: string | null } | null;
  brand: MailBrandJson | null;
  /** The reward's venue (where a pickup is collected when no pickup point is chosen). */
  venue: { name: string; address: string | null } | null;
}

const SESSION_FIELDS = Object.fromEntries(
  Object.entries(sessionColumns).map(([key, column]) => [key, { column, from: 's' }]),
);

/** The plan read's statement (exported for the test of its query plan). */
export const completionPlanSql = (p: Placeholders<'orderId' | 'tokenHash'>) =>
  sql`select ${fieldsJson(SESSION_FIELDS)} as session,
    case when ord.id is not null then jsonb_build_object('id', ord.id, 'status', ord.status) end as "order",
    (select coalesce(jsonb_agg(${rowJson(order_items, 'i')} order by i.id), '[]'::jsonb) from ${order_items} i
      where i.order_id = ord.id and ord.status <> 'completed') as items,
    (select ${rowJson(reward_items, 'r')} from ${reward_items} r
      where r.id = ord.reward_item_id and r.offer_id = s.offer_id) as reward,
    (select ${fieldsJson(OFFER_FIELDS)} from ${offers} f where f.id = s.offer_id) as offer,
    (select coalesce(jsonb_agg(${fieldsJson(DEAL_FIELDS)}), '[]'::jsonb) from ${deals} d
      where d.offer_id = s.offer_id) as deals,
    (select coalesce(jsonb_object_agg(b.deal_id, b.balance), '{}'::jsonb) from (
      select distinct on (l.deal_id) l.deal_id, l.balance from ${points_ledger} l
      where l.partner_user_id = s.partner_user_id and l.offer_id = s.offer_id
      order by l.deal_id, l.value_date desc, l.id desc) b) as balances,
    (select coalesce(jsonb_object_agg(t.k, t.n), '{}'::jsonb) from (
      select stock_key as k, count(*)::int as n from ${reward_stock_takes}
      where reward_item_id = ord.reward_item_id group by stock_key) t) as pending,
    current_setting('max_connections')::int as max_connections,
    -- Only a draft is completed and confirmed by e-mail: replays and refusals do not read this.
    case when ord.status = 'draft' then jsonb_build_object(
      'holder', (select jsonb_build_object('email', u.email, 'first_name', u.first_name,
          'last_name', u.last_name, 'language', u.language) from ${partner_users} u where u.id = s.partner_user_id),
      'brand', ${mailBrandJsonSql(sql`s.offer_id`)},
      'venue', (select jsonb_build_object('name', v.name, 'address', v.address) from ${reward_items} r
          join ${venues} v on v.id = r.venue_id where r.id = ord.reward_item_id)
    ) end as mail
    from ${sessions} s
    left join lateral (
      select o.id, o.status,
        -- The order's items first (fenced by offset 0), then the first of them: as one ordered LIMIT 1,
        -- Postgres walked every order item of the database in id order until it met this order's.
        (select i.reward_item_id from (select it.id, it.reward_item_id from ${order_items} it
          where it.order_id = o.id offset 0) i order by i.id limit 1) as reward_item_id
      from ${orders} o
      where o.id = ${p.orderId}::int and o.partner_user_id = s.partner_user_id and o.offer_id = s.offer_id
    ) ord on true
    where s.token_hash = ${p.tokenHash}::text`;
const planStatement = preparedSql<'orderId' | 'tokenHash', Record<string, unknown>>(
  'cart_complete_plan',
  ['orderId', 'tokenHash'],
  completionPlanSql,
);

/**
 * Everything a completion decides with, in one read before its transaction (also the request's session,
 * decision 0023 round three): the order, its items, the reward, the offer's payment terms, the holder's
 * balances, the reward's pending takes, and for a draft what its order confirmation needs (the holder's
 * address, the offer's brand, the reward's venue: issue 29). What can change meanwhile is checked again under
 * the locks: the order's state (lockForCompletion), and the item, the balance and the stock
 * (changeForCompletion). A
 * completed order's answer is not read here: a replay reads it after (loadOrderRows), as Postgres would
 * otherwise set up its seven parts on every completion's plan read (a tenth of the completion's Postgres
 * CPU, decision 0016).
 */
export async function readCompletionPlan(
  db: Parameters<typeof planStatement>[0],
  ids: { orderId: number; tokenHash: string },
): Promise<CompletionPlan> {
  const [row] = await planStatement(db, ids);
  if (!row) return { ...NO_PLAN, session: null };
  const offer = row.offer as Record<string, unknown> | null;
  return {
    session: toPassSession(
      fromJson<Parameters<typeof toPassSession>[0]>(
        columnsOf(SESSION_FIELDS),
        row.session as Record<string, unknown>,
      ),
    ),
    order: row.order as CompletionPlan['order'],
    items: ((row.items as Record<string, unknown>[] | null) ?? []).map((item) =>
      rowFromJson(order_items, item),
    ),
    reward: row.reward ? rowFromJson(reward_items, row.reward as Record<string, unknown>) : null,
    offer: offer ? fromJson<NonNullable<CompletionPlan['offer']>>(columnsOf(OFFER_FIELDS), offer) : null,
    deals: (row.deals as Record<string, unknown>[]).map((deal) =>
      fromJson<DealForOrdering>(columnsOf(DEAL_FIELDS), deal),
    ),
    balances: row.balances as Record<string, number>,
    pending: row.pending as Record<string, number>,
    maxConnections: Number(row.max_connections),
    mail: (row.mail as OrderMailContext | null) ?? null,
  };
}
const NO_PLAN: Omit<CompletionPlan, 'session'> = {
  order: null,
  items: [],
  reward: null,
  offer: null,
  deals: [],
  balances: {},
  pending: {},
  maxConnections: 0,
  mail: null,
};

/**
 * How the completion shares the reward's stock with the others (decision 0016): `none` for an item whose
 * stock is not limited; `shared` while more is left than there can be completions in flight, so that none
 * of them can take the last one; `exclusive` (one at a time, as a claim) otherwise.
 */
export type StockTurn = 'none' | 'shared' | 'exclusive';

type LockInputs = 'orderId' | 'partnerUserId' | 'offerId' | 'dealId' | 'stockLock' | 'turn';

/**
 * The lock statement (exported for the test of its query plan). The order row is found by its id alone,
 * fenced by `offset 0`: with the holder's columns in the same WHERE, a generic plan could read every order of
 * the holder through orders_user_offer_status_idx (all 5,001 in the plan test). The plan read has already
 * found the order to be the holder's; the locked row is checked again.
 */
export const completionLockSql = (p: Placeholders<LockInputs>) => sql`with o as materialized (
      select o.id, o.status, o.expires_at, o.customer, o.distribute, o.price_paid, o.partner_user_id, o.offer_id
      from (select * from ${orders} it where it.id = ${p.orderId}::int offset 0) o
      for update
    )
    select jsonb_build_object('id', o.id, 'status', o.status,
        'expires_at', floor(extract(epoch from o.expires_at) * 1000)::float8,
        'customer', o.customer, 'distribute', o.distribute, 'price_paid', o.price_paid::text) as "order",
      case when ${p.dealId}::int is not null then ${ledgerLockSql(p.partnerUserId, p.dealId)} end as ledger_lock,
      case ${p.turn}::text
        when 'shared' then pg_advisory_xact_lock_shared(${p.stockLock}::bigint)
        when 'exclusive' then pg_advisory_xact_lock(${p.stockLock}::bigint)
      end as stock_lock,
      -- The change statement that follows is large: planned once per connection, not on every execution
      -- (the plan cache keeps re-planning it, ~1 ms of Postgres CPU each time). For this transaction only.
      set_config('plan_cache_mode', 'force_generic_plan', true) as plan_cache_mode
    from o where o.partner_user_id = ${p.partnerUserId}::int and o.offer_id = ${p.offerId}::int`;
const lockStatement = preparedSql<LockInputs, { order: LockedOrder | null }>(
  'cart_complete_lock',
  ['orderId', 'partnerUserId', 'offerId', 'dealId', 'stockLock', 'turn'],
  completionLockSql,
);

export interface LockedOrder {
  id: number;
  status: string;
  /** Epoch milliseconds. */
  expires_at: number | null;
  customer: Record<string, unknown>;
  distribute: Record<string, unknown> | null;
  /** Money as text, `0.00` (the order confirmation's cash lines). */
  price_paid: string;
}

/**
 * Locks, in this order: the holder's order row (as every cart call does), the holder's points history of
 * the paying deal (the ledger's lock), and the reward's stock in the completion's turn. Answers the order as
 * it is now, or null when it is not the holder's.
 */
export async function lockForCompletion(
  tx: Parameters<typeof lockStatement>[0],
  ids: { orderId: number; partnerUserId: number; offerId: number },
  dealId: number | null,
  stock: { lockKey: number; turn: StockTurn },
): Promise<LockedOrder | null> {
  const [row] = await lockStatement(tx, {
    ...ids,
    dealId,
    stockLock: stock.lockKey,
    turn: stock.turn,
  });
  return row?.order ?? null;
}

type ChangeInputs =
  | 'orderId'
  | 'itemId'
  | 'rewardItemId'
  | 'attributeId'
  | 'deliveryMethod'
  | 'partnerUserId'
  | 'offerId'
  | 'dealId'
  | 'points'
  | 'reasonText'
  | 'now'
  | 'customer'
  | 'distribute'
  | 'stockKey'
  | 'answer'
  | OutboxInsertInput;

/** What a change statement did. */
export interface CompletionChange extends Record<string, unknown> {
  /** The order still holds just the item the plan read. */
  item_ok: boolean;
  /** The stock rule of the turn held (always true when the stock is not limited). */
  stock_ok: boolean;
  /** The debit's running balance; null when nothing was written. */
  balance: number | null;
  /** One when the item was taken from the stock (or the stock is not limited). */
  taken: number;
  /** The completed order's answer rows, when asked for and done. */
  answer: OrderRowsJson | null;
  /** One when the statement wrote the order confirmation to the outbox (asked for, and done). */
  mailed: number;
}

/**
 * The order still holds just the item the plan read, as it read it (exported for the test of its query plan).
 * The item is found by its id alone, fenced by `offset 0`, and then compared: with every condition in one
 * WHERE, Postgres could (and with the statistics of a quiet hour did) look the item up through the reward's
 * index and filter the reward's every order item, completed ones too (1,448 of them in a bench campaign
 * whose tables were analyzed just before its drafts were made).
 */
export const itemStillPlannedSql = (
  p: Placeholders<'itemId' | 'orderId' | 'rewardItemId' | 'points' | 'attributeId' | 'deliveryMethod'>,
) =>
  sql`exists (select 1 from (select * from ${order_items} it where it.id = ${p.itemId}::int offset 0) i
      where i.order_id = ${p.orderId}::int and i.reward_item_id = ${p.rewardItemId}::int
        and i.points_paid = ${p.points}::int
        and i.attribute_id is not distinct from ${p.attributeId}::int
        and i.delivery_method is not distinct from ${p.deliveryMethod}::text)
    and (select count(*) from ${order_items} i where i.order_id = ${p.orderId}::int) = 1`;

/**
 * The parts every change statement has: the item check, the debit, the order update, the order confirmation
 * (when one is given: its outbox row, written only if the order is completed; one round trip less than its
 * own insert after the change) and the result's columns.
 */
function changeParts(p: Placeholders<ChangeInputs>, stockOk: SQL) {
  const itemOk = sql`item_ok as (select ${itemStillPlannedSql(p)} as ok)`;
  const debit = ledgerAppendCtes({
    partnerUserId: p.partnerUserId,
    offerId: p.offerId,
    dealId: p.dealId,
    reasonText: p.reasonText,
    points: sql`(-${p.points}::int)`,
    valueDate: p.now,
    orderId: p.orderId,
    redeemedItemId: p.itemId,
    mustStayCovered: true,
    when: sql`(select ok from item_ok) and ${stockOk}`,
  });
  const done = sql`done as (
      update ${orders} set status = 'completed', purchased_at = ${p.now}::timestamptz,
        points_paid = ${p.points}::int, current_points = (select balance from ledger_entry),
        expires_at = null, customer = ${p.customer}::jsonb, distribute = ${p.distribute}::jsonb,
        updated_at = now()
      where id = ${p.orderId}::int and exists (select 1 from ledger_entry)
      returning *
    )`;
  // The order as completed, from the UPDATE's RETURNING (the statement does not see its own change in the
  // table), with its items, media and slots, which the completion does not change.
  const answer = sql`case when ${p.answer}::boolean and exists (select 1 from done)
      then ${orderRowsJsonSql(sql`array[${p.orderId}::int]`, sql`done o`)} end as answer`;
  const mail = sql`mail as (${outboxInsertSql(
    p,
    sql`${p['mail.kind']}::text is not null and exists (select 1 from done)`,
  )})`;
  const results = sql`(select ok from item_ok) as item_ok, ${stockOk} as stock_ok,
      (select balance from ledger_entry) as balance, (select count(*) from mail)::int as mailed, ${answer}`;
  return { itemOk, debit, done, mail, results };
}

const debited = sql`exists (select 1 from ledger_entry)`;
/** The key's pending takes and the takes a completion adds, as rows of key `k` and count `n`. */
const countsOf = (keys: SQL) => sql`select k, count(*)::int as n from (${keys}) s group by k`;
const CHANGE_INPUTS: ChangeInputs[] = [
  'orderId',
  'itemId',
  'rewardItemId',
  'attributeId',
  'deliveryMethod',
  'partnerUserId',
  'offerId',
  'dealId',
  'points',
  'reasonText',
  'now',
  'customer',
  'distribute',
  'stockKey',
  'answer',
  ...OUTBOX_INSERT_INPUTS,
];

/**
 * In the shared turn: more is left than max_connections, re-checked here under the shared lock (so no
 * completion in flight can be the one to take the last). The item is taken without waiting for the reward
 * row: when the row is free (SKIP LOCKED), this completion subtracts its own take and every pending one from
 * the stored count, holding the row until it commits; when another completion holds it, it adds a pending
 * take instead, which the next one to find the row free subtracts.
 */
const sharedChange = preparedSql<ChangeInputs, CompletionChange>(
  'cart_complete_shared',
  CHANGE_INPUTS,
  (p) => {
    const stockOk = sql`coalesce((select ok from stock), false)`;
    const { itemOk, debit, done, mail, results } = changeParts(p, stockOk);
    return sql`with ${itemOk},
    stock as (
      select (r.tickets_available ->> ${p.stockKey}::text)::int
          - (select count(*) from ${reward_stock_takes} t
              where t.reward_item_id = ${p.rewardItemId}::int and t.stock_key = ${p.stockKey}::text)
          >= current_setting('max_connections')::int as ok
      from ${reward_items} r where r.id = ${p.rewardItemId}::int
    ),
    ${debit},
    ${done},
    free_row as (
      select r.id from ${reward_items} r where r.id = ${p.rewardItemId}::int and ${debited}
      for no key update skip locked
    ),
    folded as (
      delete from ${reward_stock_takes} t where t.reward_item_id in (select id from free_row)
      returning t.stock_key
    ),
    fold as (
      update ${reward_items} r set tickets_available = ${ticketsLess(
        sql`r.tickets_available`,
        countsOf(sql`select stock_key as k from folded union all select ${p.stockKey}::text from free_row`),
      )}
      where r.id in (select id from free_row)
      returning r.id
    ),
    pending as (
      insert into ${reward_stock_takes} (order_item_id, reward_item_id, stock_key)
      select ${p.itemId}::int, ${p.rewardItemId}::int, ${p.stockKey}::text
      where ${debited} and not exists (select 1 from free_row)
      returning order_item_id
    ),
    ${mail}
    select ${results}, ((select count(*) from fold) + (select count(*) from pending))::int as taken`;
  },
);

/**
 * In the exclusive turn (no other completion or claim of the reward in flight): one must be left after the
 * pending takes. The row is written directly, folding in the pending takes; its condition is checked again
 * on the row as it is when written.
 */
const exclusiveChange = preparedSql<ChangeInputs, CompletionChange>(
  'cart_complete_exclusive',
  CHANGE_INPUTS,
  (p) => {
    const pendingOfKey = sql`coalesce((select n from pend where k = ${p.stockKey}::text), 0)`;
    const oneLeft = (alias: string) =>
      sql`(${sql.raw(alias)}.tickets_available ->> ${p.stockKey}::text)::int - ${pendingOfKey} >= 1`;
    const stockOk = sql`coalesce((select ok from stock), false)`;
    const { itemOk, debit, done, mail, results } = changeParts(p, stockOk);
    return sql`with ${itemOk},
      pend as (
        select t.stock_key as k, count(*)::int as n from ${reward_stock_takes} t
        where t.reward_item_id = ${p.rewardItemId}::int group by t.stock_key
      ),
      stock as (select ${oneLeft('r')} as ok from ${reward_items} r where r.id = ${p.rewardItemId}::int),
      ${debit},
      ${done},
      folded as (
        delete from ${reward_stock_takes} t where t.reward_item_id = ${p.rewardItemId}::int and ${debited}
        returning t.stock_key
      ),
      take as (
        update ${reward_items} r set tickets_available = ${ticketsLess(
          sql`r.tickets_available`,
          countsOf(
            sql`select stock_key as k from folded union all select ${p.stockKey}::text where ${debited}`,
          ),
        )}
        where r.id = ${p.rewardItemId}::int and ${debited} and ${oneLeft('r')}
        returning r.id
      ),
      ${mail}
      select ${results}, (select count(*) from take)::int as taken`;
  },
);

/** Stock not limited: the debit and the order only. */
const unlimitedChange = preparedSql<ChangeInputs, CompletionChange>(
  'cart_complete_unlimited',
  CHANGE_INPUTS,
  (p) => {
    const { itemOk, debit, done, mail, results } = changeParts(p, sql`true`);
    return sql`with ${itemOk}, ${debit}, ${done}, ${mail}
      select ${results}, 1 as taken`;
  },
);

export interface CompletionChangeInput {
  orderId: number;
  item: CartItemRow;
  rewardItemId: number;
  partnerUserId: number;
  offerId: number;
  dealId: number;
  reasonText: string;
  now: Date;
  customer: unknown;
  distribute: unknown;
  stockKey: string | null;
  /** Build the answer's rows in the same statement (not for a reward whose grant adds to the order). */
  answer: boolean;
  /** The order confirmation's outbox row, written by the statement when it completes the order; or none. */
  mail: OutboxValues | null;
}

/**
 * The completion's changes in one statement, in the stock turn it holds: the item still the planned one,
 * the stock rule of the turn, the debit (which may not take the balance below 0), the order completed, the
 * item taken from the stock, and the order confirmation queued when `input.mail` is given. Nothing is
 * written unless all of it is.
 */
export async function changeForCompletion(
  tx: Parameters<typeof sharedChange>[0],
  turn: StockTurn,
  input: CompletionChangeInput,
): Promise<CompletionChange> {
  const statement =
    turn === 'shared' ? sharedChange : turn === 'exclusive' ? exclusiveChange : unlimitedChange;
  const [row] = await statement(tx, {
    orderId: input.orderId,
    itemId: input.item.id,
    rewardItemId: input.rewardItemId,
    attributeId: input.item.attribute_id,
    deliveryMethod: input.item.delivery_method,
    partnerUserId: input.partnerUserId,
    offerId: input.offerId,
    dealId: input.dealId,
    points: input.item.points_paid,
    reasonText: input.reasonText,
    now: input.now.toISOString(),
    customer: JSON.stringify(input.customer ?? {}),
    distribute:
      input.distribute === null || input.distribute === undefined ? null : JSON.stringify(input.distribute),
    stockKey: input.stockKey ?? '',
    answer: input.answer,
    ...outboxInsertValues(input.mail),
  });
  if (!row) throw new Error('The completion statement answered no row.');
  return row;
}
