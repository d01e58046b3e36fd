import { and, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
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
  await tx.execute(sql`select ${ledgerLockSql(sql`${entry.partnerUserId}`, sql`${entry.dealId}`)}`);
  // Read after the lock, in a statement of its own: the last balance as committed by the appends before.
  const [row] = await queryRows<{ id: number; balance: number }>(
    tx,
    sql`with ${ledgerAppendCtes({
      partnerUserId: sql`${entry.partnerUserId}`,
      offerId: sql`${entry.offerId}`,
      dealId: sql`${entry.dealId}`,
      reasonText: sql`${entry.reasonText}`,
      points: sql`${entry.points}`,
      valueDate: sql`${entry.valueDate.toISOString()}`,
      expiresAt: sql`${entry.expiresAt ? entry.expiresAt.toISOString() : null}`,
      orderId: sql`${entry.orderId ?? null}`,
      orderProductId: sql`${entry.orderProductId ?? null}`,
      redeemedItemId: sql`${entry.redeemedItemId ?? null}`,
      mustStayCovered: entry.mustStayCovered ?? false,
      when: sql`true`,
    })} select id, balance from ledger_entry`,
  );
  return row ? { id: Number(row.id), balance: Number(row.balance) } : null;
}

/**
 * The lock appendLedgerEntry holds while it reads the last balance and appends, as an SQL expression: for a
 * statement that takes it before a later statement appends with ledgerAppendCtes.
 */
export function ledgerLockSql(partnerUserId: SQLWrapper, dealId: SQLWrapper): SQL {
  return sql`pg_advisory_xact_lock(${partnerUserId}::int, ${dealId}::int)`;
}

/**
 * The append as two CTEs (appendLedgerEntry's second statement, and a larger statement that makes, in the
 * same step, the change the points are for: the cart's completion, decision 0016): `ledger_last` and
 * `ledger_entry`, the appended entry's `id` and `balance`, or no row when `when` is false or a debit that
 * must stay covered would not. The running balance of the (user, offer, deal) history, dated no earlier than
 * its latest entry. The caller must hold ledgerLockSql's lock from an earlier statement of its transaction,
 * since a statement reads what was committed when it began.
 */
export function ledgerAppendCtes(entry: {
  partnerUserId: SQLWrapper;
  offerId: SQLWrapper;
  dealId: SQLWrapper;
  reasonText: SQLWrapper;
  points: SQLWrapper;
  valueDate: SQLWrapper;
  expiresAt?: SQLWrapper;
  orderId: SQLWrapper;
  orderProductId?: SQLWrapper;
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
        value_date, expires_at, order_id, order_product_id, redeemed_item_id)
      select ${entry.partnerUserId}::int, ${entry.offerId}::int, ${entry.dealId}::int, ${entry.reasonText}::text,
        ${entry.points}::int, next.balance,
        greatest((select value_date from ledger_last), ${entry.valueDate}::timestamptz),
        ${entry.expiresAt ?? sql`null`}::timestamptz, ${entry.orderId}::int,
        ${entry.orderProductId ?? sql`null`}::int, ${entry.redeemedItemId}::int
      from (select coalesce((select balance from ledger_last), 0) + ${entry.points}::int as balance) next
      where ${entry.when} ${covered}
      returning id, balance
    )`;
}
