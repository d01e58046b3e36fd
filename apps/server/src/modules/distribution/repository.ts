import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type Address, offers, order_items, orders, partner_users } from '../../db/schema';

/**
 * The holder's order of the offer, whatever its status, with the holder's e-mail, locked until the
 * transaction ends. Null when it is not theirs on this offer.
 */
export async function lockHolderOrder(
  tx: DbExecutor,
  ids: { orderId: number; partnerUserId: number; offerId: number },
) {
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      customer: orders.customer,
      distribute: orders.distribute,
      holderEmail: partner_users.email,
      gifting: offers.gifting,
    })
    .from(orders)
    .innerJoin(partner_users, eq(partner_users.id, orders.partner_user_id))
    .innerJoin(offers, eq(offers.id, orders.offer_id))
    .where(
      and(
        eq(orders.id, ids.orderId),
        eq(orders.partner_user_id, ids.partnerUserId),
        eq(orders.offer_id, ids.offerId),
      ),
    )
    .for('update', { of: orders });
  return row ?? null;
}

/** The order's items with what the recipient rule reads. */
export function listOrderItemStates(tx: DbExecutor, orderId: number) {
  return tx
    .select({
      id: order_items.id,
      type: order_items.type,
      delivery_method: order_items.delivery_method,
      completed: order_items.completed,
      giftable: order_items.giftable,
    })
    .from(order_items)
    .where(eq(order_items.order_id, orderId))
    .orderBy(asc(order_items.position), asc(order_items.id));
}

/**
 * Sets a completed order's recipient (null: ship to the customer), and the customer's address when
 * given, while none of its shipped items has been sent, re-checked in the UPDATE itself. The stored
 * recipient and customer, or undefined when the rule no longer holds.
 */
export async function setCompletedOrderRecipient(
  tx: DbExecutor,
  change: { orderId: number; distribute: Address | null; customer?: Address; now: Date },
): Promise<{ distribute: Address | null; customer: Address } | undefined> {
  const sent = tx
    .select({ id: order_items.id })
    .from(order_items)
    .where(
      and(
        eq(order_items.order_id, change.orderId),
        eq(order_items.delivery_method, 'shipped'),
        isNotNull(order_items.completed),
      ),
    );
  const [row] = await tx
    .update(orders)
    .set({
      distribute: change.distribute,
      ...(change.customer ? { customer: change.customer } : {}),
      updated_at: change.now,
    })
    .where(and(eq(orders.id, change.orderId), eq(orders.status, 'completed'), sql`not exists (${sent})`))
    .returning({ distribute: orders.distribute, customer: orders.customer });
  return row;
}
