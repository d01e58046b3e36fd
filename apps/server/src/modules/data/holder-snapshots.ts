import { sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';

/**
 * Holder snapshots (decision 0030) are derived data that the database's own triggers keep current
 * (migration 0008). This is their check: every snapshot row against the same parts computed now from the
 * tables. The tests run it whenever a test app closes, so any write path that left a holder's snapshot
 * behind fails the suite that took it.
 */
export interface StaleHolderSnapshot {
  partner_user_id: number;
  offer_id: number;
  /** The parts that differ. */
  parts: string[];
}

export async function staleHolderSnapshots(db: DbExecutor): Promise<StaleHolderSnapshot[]> {
  const rows = await queryRows<{ partner_user_id: number; offer_id: number; parts: string[] }>(
    db,
    sql`select h.partner_user_id, h.offer_id, array_remove(array[
        case when h.order_deals::text is distinct from p.order_deals::text then 'order_deals' end,
        case when h.order_products::text is distinct from p.order_products::text then 'order_products' end,
        case when h.ledger::text is distinct from p.ledger::text then 'ledger' end,
        case when h.unread is distinct from p.unread then 'unread' end], null) as parts
      from holder_snapshots h, holder_snapshot_parts(h.partner_user_id, h.offer_id) p
      order by h.partner_user_id, h.offer_id`,
  );
  return rows.filter((row) => row.parts.length > 0);
}
