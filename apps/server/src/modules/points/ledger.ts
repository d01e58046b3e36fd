import { and, desc, eq, sql } from 'drizzle-orm';
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
