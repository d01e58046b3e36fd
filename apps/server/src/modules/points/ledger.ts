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

/** The running balance of one (user, offer, deal) points history: its latest entry's (0 when empty). */
export async function currentBalance(
  db: DbExecutor,
  ids: { partnerUserId: number; offerId: number; dealId: number },
): Promise<number> {
  const [last] = await db
    .select({ balance: points_ledger.balance })
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
  return last?.balance ?? 0;
}

/**
 * Appends one entry to a (user, offer, deal) points history with its running balance. Call it inside the
 * transaction that makes the change the points are for. A transaction-scoped advisory lock on (user,
 * deal) serialises appends to one history, so two parallel credits cannot both read the same last
 * balance; it is released at commit or rollback. Every ledger write goes through here.
 */
export async function appendLedgerEntry(
  tx: DbExecutor,
  entry: LedgerAppend,
): Promise<{ id: number; balance: number } | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${entry.partnerUserId}::int, ${entry.dealId}::int)`);
  const balance = (await currentBalance(tx, entry)) + entry.points;
  if (entry.mustStayCovered && balance < 0) return null;
  const [row] = await tx
    .insert(points_ledger)
    .values({
      partner_user_id: entry.partnerUserId,
      offer_id: entry.offerId,
      deal_id: entry.dealId,
      reason_text: entry.reasonText,
      points: entry.points,
      balance,
      value_date: entry.valueDate,
      expires_at: entry.expiresAt ?? null,
      order_id: entry.orderId ?? null,
      order_product_id: entry.orderProductId ?? null,
      redeemed_item_id: entry.redeemedItemId ?? null,
    })
    .returning({ id: points_ledger.id, balance: points_ledger.balance });
  if (!row) throw new Error('Ledger insert returned no row.');
  return row;
}
