import type { Address, Order, OrderItem } from '@trailpass/contract';
import { iso } from '../data/domain';
import { MediaIndex, toOrderProduct } from '../data/mappers';
import type { OrderItemRow, OrderRows } from './repository';

type SlotRow = OrderRows['slots'][number];

function toPickupSlot(slot: SlotRow | undefined): OrderItem['pickup_slot'] {
  if (!slot) return null;
  return {
    date: slot.date,
    time: slot.time,
    timezone: slot.timezone,
    pickup_point:
      slot.pickup_point_id === null || slot.pickup_point_name === null
        ? null
        : { id: slot.pickup_point_id, name: slot.pickup_point_name, venue_id: slot.pickup_point_venue_id },
  };
}

function toOrderItem(row: OrderItemRow, mediaIndex: MediaIndex, slot: SlotRow | undefined): OrderItem {
  return {
    id: row.id,
    order_id: row.order_id,
    name: row.name,
    type: row.type as OrderItem['type'],
    reward_item_id: row.reward_item_id,
    parent: { id: row.parent_id, type: row.parent_type, pickup_instructions: row.parent_pickup_instructions },
    venue_id: row.venue_id,
    delivery_method: row.delivery_method,
    points_paid: row.points_paid,
    attribute: row.attribute ?? null,
    media: mediaIndex.of('order_item', row.id),
    redeemed: iso(row.redeemed),
    completed: iso(row.completed),
    redemption_validation: row.redemption_validation,
    pickup_instructions: row.pickup_instructions,
    giftable: row.giftable,
    // Set by the partner's console (issue 30 item 3): null until shipped, or cancelled.
    carrier: row.carrier,
    tracking_number: row.tracking_number,
    tracking_url: row.tracking_url,
    cancelled: iso(row.cancelled_at),
    pickup_slot: toPickupSlot(slot),
  };
}

/** Spec 3 Order, for each loaded order in the order of `orderIds` (unknown ids are skipped). */
export function toOrders(
  rows: OrderRows,
  orderIds: readonly number[],
  now: Date,
  isPreview = false,
): Order[] {
  const mediaIndex = new MediaIndex(rows.media);
  const slotByItem = new Map(rows.slots.map((slot) => [slot.order_item_id, slot]));
  const byId = new Map(rows.orders.map((order) => [order.id, order]));
  return orderIds.flatMap((orderId): Order[] => {
    const order = byId.get(orderId);
    if (!order) return [];
    const items = rows.items
      .filter((item) => item.order_id === orderId)
      .map((item) => toOrderItem(item, mediaIndex, slotByItem.get(item.id)));
    return [
      {
        id: order.id,
        offer_id: order.offer_id,
        deal_id: order.deal_id,
        status: order.status,
        fields: order.fields,
        points_paid: order.points_paid,
        price_paid: order.price_paid,
        current_points: order.current_points,
        purchased_at: iso(order.purchased_at),
        customer: order.customer as Address,
        distribute: (order.distribute as Address | null) ?? null,
        deals: items.filter((item) => item.type === 'deal'),
        packages: items.filter((item) => item.type === 'package'),
        products: items.filter((item) => item.type === 'product'),
        orderDeals: rows.orderDeals
          .filter((row) => row.order_id === orderId)
          .map((row) => ({ ...row, type: 'deal' as const })),
        orderPackages: rows.orderPackages
          .filter((row) => row.order_id === orderId)
          .map((row) => ({ id: row.id, package_id: row.package_id, type: 'package' as const })),
        orderProducts: rows.orderProducts
          .filter((row) => row.orderProduct.order_id === orderId)
          .map((row) => toOrderProduct(row.orderProduct, row.product, row.ticketId, isPreview, now)),
      },
    ];
  });
}
