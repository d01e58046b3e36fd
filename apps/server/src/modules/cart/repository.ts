import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  type Address,
  type AttributeSnapshot,
  attributes,
  type DeliveryMethod,
  deals,
  media,
  offers,
  order_items,
  orders,
  partner_users,
  reward_items,
} from '../../db/schema';

export type RewardItemRow = typeof reward_items.$inferSelect;

import type { OrderRow } from '../orders/repository';

export type CartOrderRow = OrderRow;
export type CartItemRow = typeof order_items.$inferSelect;

/**
 * The reward item of the offer, row-locked for the rest of the transaction (a claim takes it after its
 * turn on the reward's stock, stock.ts lockStockForClaim): claims of one item take turns, so two holders
 * cannot both hold its last one. Null when it is not the offer's.
 */
export async function lockRewardItem(tx: DbExecutor, ids: { rewardItemId: number; offerId: number }) {
  const [row] = await tx
    .select()
    .from(reward_items)
    .where(and(eq(reward_items.id, ids.rewardItemId), eq(reward_items.offer_id, ids.offerId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export function listAttributes(db: DbExecutor, rewardItemId: number) {
  return db
    .select({ id: attributes.id, name: attributes.name, retail_price: attributes.retail_price })
    .from(attributes)
    .where(eq(attributes.reward_item_id, rewardItemId))
    .orderBy(asc(attributes.position), asc(attributes.id));
}

/** What paying needs from the offer: its ratio and points mode, and its deals (for the points deal). */
export async function findOfferForPayment(db: DbExecutor, offerId: number) {
  const [offer] = await db
    .select({ id: offers.id, use_points: offers.use_points, points_ratio: offers.points_ratio })
    .from(offers)
    .where(eq(offers.id, offerId))
    .limit(1);
  if (!offer) return null;
  const dealRows = await db
    .select({ id: deals.id, use_points: deals.use_points, points_valid_until: deals.points_valid_until })
    .from(deals)
    .where(eq(deals.offer_id, offerId));
  return { offer, deals: dealRows };
}

export async function findPartnerUserAddress(db: DbExecutor, partnerUserId: number): Promise<Address> {
  const [row] = await db
    .select({
      first_name: partner_users.first_name,
      last_name: partner_users.last_name,
      email: partner_users.email,
      phone: partner_users.phone,
      address: partner_users.address,
      address_2: partner_users.address_2,
      country: partner_users.country,
      state: partner_users.state,
      city: partner_users.city,
      zip_code: partner_users.zip_code,
    })
    .from(partner_users)
    .where(eq(partner_users.id, partnerUserId))
    .limit(1);
  return row ?? {};
}

export async function listOrderItems(db: DbExecutor, orderId: number): Promise<CartItemRow[]> {
  return db.select().from(order_items).where(eq(order_items.order_id, orderId)).orderBy(asc(order_items.id));
}

/** Spec 4: one cart per holder and offer. Their other drafts are cancelled, which ends their holds. */
export async function cancelOtherDrafts(
  tx: DbExecutor,
  ids: { partnerUserId: number; offerId: number; keepOrderId: number | null },
): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'cancelled', expires_at: null, updated_at: sql`now()` })
    .where(
      and(
        eq(orders.partner_user_id, ids.partnerUserId),
        eq(orders.offer_id, ids.offerId),
        eq(orders.status, 'draft'),
        ids.keepOrderId === null ? undefined : ne(orders.id, ids.keepOrderId),
      ),
    );
}

export async function insertDraftOrder(
  tx: DbExecutor,
  values: {
    offerId: number;
    partnerUserId: number;
    dealId: number | null;
    customer: Address;
    fields: Record<string, string>;
    expiresAt: Date;
  },
): Promise<CartOrderRow> {
  const [row] = await tx
    .insert(orders)
    .values({
      offer_id: values.offerId,
      partner_user_id: values.partnerUserId,
      deal_id: values.dealId,
      status: 'draft',
      customer: values.customer,
      fields: values.fields,
      expires_at: values.expiresAt,
    })
    .returning();
  if (!row) throw new Error('Order insert returned no row.');
  return row;
}

export interface NewCartItem {
  orderId: number;
  rewardItem: RewardItemRow;
  attribute: AttributeSnapshot | null;
  deliveryMethod: DeliveryMethod;
  pointsPaid: number;
}

/** The claimed reward as an order item, with a copy of the reward's media (an order keeps what was bought). */
export async function insertCartItem(tx: DbExecutor, item: NewCartItem): Promise<CartItemRow> {
  const reward = item.rewardItem;
  const pickup = item.deliveryMethod === 'picked_up';
  const [row] = await tx
    .insert(order_items)
    .values({
      order_id: item.orderId,
      type: reward.type,
      name: reward.name,
      reward_item_id: reward.id,
      parent_id: reward.id,
      parent_type: reward.type,
      parent_pickup_instructions: reward.pickup_instructions,
      attribute: item.attribute,
      attribute_id: item.attribute?.id ?? null,
      delivery_method: item.deliveryMethod,
      venue_id: reward.venue_id,
      points_paid: item.pointsPaid,
      redemption_validation: pickup ? reward.redemption_validation : null,
      pickup_instructions: pickup ? reward.pickup_instructions : null,
      // Whether it may go to someone else stays with the order as it was when claimed.
      giftable: reward.giftable,
    })
    .returning();
  if (!row) throw new Error('Order item insert returned no row.');
  await tx.execute(sql`
    insert into ${media} (owner_type, owner_id, position, location, name, url)
    select 'order_item', ${row.id}::int, position, location, name, url
    from ${media} where owner_type = 'reward_item' and owner_id = ${reward.id}::int`);
  return row;
}

export async function updateCartItem(
  tx: DbExecutor,
  itemId: number,
  patch: {
    attribute?: AttributeSnapshot | null;
    deliveryMethod?: DeliveryMethod;
    pointsPaid?: number;
    rewardItem?: RewardItemRow;
  },
): Promise<void> {
  const pickup = patch.deliveryMethod === undefined ? undefined : patch.deliveryMethod === 'picked_up';
  await tx
    .update(order_items)
    .set({
      ...(patch.attribute !== undefined
        ? { attribute: patch.attribute, attribute_id: patch.attribute?.id ?? null }
        : {}),
      ...(patch.pointsPaid !== undefined ? { points_paid: patch.pointsPaid } : {}),
      ...(patch.deliveryMethod !== undefined && patch.rewardItem
        ? {
            delivery_method: patch.deliveryMethod,
            redemption_validation: pickup ? patch.rewardItem.redemption_validation : null,
            pickup_instructions: pickup ? patch.rewardItem.pickup_instructions : null,
          }
        : {}),
    })
    .where(eq(order_items.id, itemId));
}

export async function deleteCartItem(tx: DbExecutor, itemId: number): Promise<void> {
  await tx.delete(media).where(and(eq(media.owner_type, 'order_item'), eq(media.owner_id, itemId)));
  await tx.delete(order_items).where(eq(order_items.id, itemId));
}

export async function updateOrder(
  tx: DbExecutor,
  orderId: number,
  patch: Partial<
    Pick<
      CartOrderRow,
      'status' | 'customer' | 'distribute' | 'expires_at' | 'purchased_at' | 'points_paid' | 'current_points'
    >
  >,
): Promise<void> {
  await tx
    .update(orders)
    .set({ ...patch, updated_at: sql`now()` })
    .where(eq(orders.id, orderId));
}
