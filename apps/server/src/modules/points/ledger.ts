import { and, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { points_ledger } from '../../db/schema';

export interface LedgerAppend {
  partnerUserId: number;
  offerId: number;
  dealId: number;
  /** Starts lower-case; the app capitalises it. */
  reasonText: string;
  /** Signed: credits positive, debits negative. */
  points: number;
  valueDate: Date;
  /** Credits only. */
  expiresAt?: Date | null;
  orderId?: number | null;
  orderProductId?: number | null;
  redeemedItemId?: number | null;
  /**
   * A debit that may not take the balance below 0: checked under the same lock as the append, so two
   * parallel claims cannot both spend the same points. When it would, nothing is written and the result
   * is null.
   */
  mustStayCovered?: boolean;
}

type HistoryIds = { partnerUserId: number; offerId: number; dealId: number };

/** The latest entry of one (user, offer, deal) points history, in its order (value_date, then id). */
async function lastEntry(db: DbExecutor, ids: HistoryIds) {
  const [last] = await db
    .select({ balance: points_ledger.balance, value_date: points_ledger.value_date })
    .from(points_ledger)
    .where(
      and(
        eq(points_ledger.partner_user_id, ids.partnerUserId),
        eq(points_ledger.offer_id, ids.offerId),
        eq(points_ledger.deal_id, ids.dealId),
      ),
    )
    .orderBy(desc(points_ledger.value_date), desc(points_ledger.id))
    .limit(1);
  return last ?? null;
}

/** The running balance of one (user, offer, deal) points history: its latest entry's (0 when empty). */
export async function currentBalance(db: DbExecutor, ids: HistoryIds): Promise<number> {
  return (await lastEntry(db, ids))?.balance ?? 0;
}

/**
 * Appends one entry to a (user, offer, deal) points history with its running balance. Call it inside the
 * transaction that makes the change the points are for. A transaction-scoped advisory lock on (user,
 * deal) serialises appends to one history, so two parallel credits cannot both read the same last
 * balance; it is released at commit or rollback. Every ledger write goes through here.
 *
 * The entry is dated `valueDate`, but never before the history's latest entry: a history is read in
 * (value_date, id) order, and a request that read the clock first may take the lock second (or come from
 * another instance whose clock is behind). Dated before the entry it follows, its points would sort ahead
 * of a balance that does not count them, and the next append would drop them.
 */
export async function appendLedgerEntry(
  tx: DbExecutor,
  entry: LedgerAppend,
): Promise<{ id: number; balance: number } | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${entry.partnerUserId}::int, ${entry.dealId}::int)`);
  const last = await lastEntry(tx, entry);
  const balance = (last?.balance ?? 0) + entry.points;
  if (entry.mustStayCovered && balance < 0) return null;
  const valueDate = last && last.value_date > entry.valueDate ? last.value_date : entry.valueDate;
  const [row] = await tx
    .insert(points_ledger)
    .values({
      partner_user_id: entry.partnerUserId,
      offer_id: entry.offerId,
      deal_id: entry.dealId,
      reason_text: entry.reasonText,
      points: entry.points,
      balance,
      value_date: valueDate,
      expires_at: entry.expiresAt ?? null,
      order_id: entry.orderId ?? null,
      order_product_id: entry.orderProductId ?? null,
      redeemed_item_id: entry.redeemedItemId ?? null,
    })
    .returning({ id: points_ledger.id, balance: points_ledger.balance });
  if (!row) throw new Error('Ledger insert returned no row.');
  return row;
}

/**
 * The lock appendLedgerEntry holds while it reads the last balance and appends, as an SQL expression: for a
 * statement that takes it before a later statement appends with ledgerAppendCtes.
 */
export function ledgerLockSql(partnerUserId: SQLWrapper, dealId: SQLWrapper): SQL {
  return sql`pg_advisory_xact_lock(${partnerUserId}::int, ${dealId}::int)`;
}

/**
 * appendLedgerEntry as two CTEs of a larger statement that makes, in the same step, the change the points
 * are for (the cart's completion, decision 0016): `ledger_last` and `ledger_entry`, the appended entry's
 * `id` and `balance`, or no row when `when` is false or a debit that must stay covered would not. The same
 * rules: the running balance of the (user, offer, deal) history, dated no earlier than its latest entry.
 * The caller must hold ledgerLockSql's lock from an earlier statement of its transaction, since a statement
 * reads what was committed when it began.
 */
export function ledgerAppendCtes(entry: {
  partnerUserId: SQLWrapper;
  offerId: SQLWrapper;
  dealId: SQLWrapper;
  reasonText: SQLWrapper;
  points: SQLWrapper;
  valueDate: SQLWrapper;
  orderId: SQLWrapper;
  redeemedItemId: SQLWrapper;
  mustStayCovered: boolean;
  when: SQL;
}): SQL {
  const covered = entry.mustStayCovered ? sql`and next.balance >= 0` : sql``;
  return sql`ledger_last as (
      select l.balance, l.value_date from ${points_ledger} l
      where l.partner_user_id = ${entry.partnerUserId}::int and l.offer_id = ${entry.offerId}::int
        and l.deal_id = ${entry.dealId}::int
      order by l.value_date desc, l.id desc limit 1
    ),
    ledger_entry as (
      insert into ${points_ledger} (partner_user_id, offer_id, deal_id, reason_text, points, balance,
        value_date, order_id, redeemed_item_id)
      select ${entry.partnerUserId}::int, ${entry.offerId}::int, ${entry.dealId}::int, ${entry.reasonText}::text,
        ${entry.points}::int, next.balance,
        greatest((select value_date from ledger_last), ${entry.valueDate}::timestamptz),
        ${entry.orderId}::int, ${entry.redeemedItemId}::int
      from (select coalesce((select balance from ledger_last), 0) + ${entry.points}::int as balance) next
      where ${entry.when} ${covered}
      returning id, balance
    )`;
}
