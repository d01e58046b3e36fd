import type { Address, CartItemType, Order, OrderItem } from '@trailpass/contract';
import { isPendingPickup as isUnconfirmedPickup } from '../redeem/pickup';

/** The partner cancelled the item in its console (issue 30 item 3): its points went back to the holder. */
export function isItemCancelled(item: Pick<OrderItem, 'cancelled'>): boolean {
  return Boolean(item.cancelled);
}

/** Spec 4's pending pickup (unredeemed picked_up item), unless the partner cancelled it. */
export function isPendingPickup(
  item: Pick<OrderItem, 'delivery_method' | 'redeemed' | 'completed' | 'cancelled'>,
): boolean {
  return !isItemCancelled(item) && isUnconfirmedPickup(item);
}

/**
 * How a shipped item is tracked, once the partner marked it shipped: the carrier, the number and an https
 * link (the only kind the server accepts; anything else is not offered as a link). Null before.
 */
export function trackingOf(
  item: Pick<OrderItem, 'carrier' | 'tracking_number' | 'tracking_url'>,
): { carrier: string; number: string | null; url: string | null } | null {
  if (!item.carrier) return null;
  const url = item.tracking_url && /^https:\/\//i.test(item.tracking_url) ? item.tracking_url : null;
  return { carrier: item.carrier, number: item.tracking_number ?? null, url };
}

/** Spec 3: an order's items, grouped as deals, packages and products, in that order. */
export function itemsOf(order: Pick<Order, 'deals' | 'packages' | 'products'>): OrderItem[] {
  return [...order.deals, ...order.packages, ...order.products];
}

/** Spec 9 Order list: newest (highest id) first. */
export function newestFirst<T extends { id: number }>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => b.id - a.id);
}

/** Spec 2.9: OrderHistory's Pending Pickup shows when any item is a pickup not yet redeemed. */
export function hasPendingPickup(order: Pick<Order, 'deals' | 'packages' | 'products'>): boolean {
  return itemsOf(order).some(isPendingPickup);
}

/** The OrderDetails query `type` (spec 2.1): products when the order holds any, else deals. */
export type DetailsType = 'products' | 'deals';
export function detailsTypeOf(order: Pick<Order, 'products'>): DetailsType {
  return order.products.length > 0 ? 'products' : 'deals';
}

/** Spec 2.9 chips: the contract's rule, which the order confirmation e-mail shares. */
export { deliveryChip } from '@trailpass/contract';

/** Whether the item is done: shipped or picked up (redeemed, or completed by the partner). */
export function isItemRedeemed(item: Pick<OrderItem, 'redeemed' | 'completed'>): boolean {
  return Boolean(item.redeemed) || item.completed !== null;
}

/** When the item was shipped or picked up, if known. */
export function redeemedAt(item: Pick<OrderItem, 'redeemed' | 'completed'>): string | null {
  return item.redeemed ?? item.completed ?? null;
}

/** Where a shipped order goes: its recipient (someone else), else the holder's own details. */
export function shipToOf(order: Pick<Order, 'distribute' | 'customer'>): Address | null {
  const recipient = order.distribute;
  if (recipient && Object.values(recipient).some((value) => typeof value === 'string' && value.trim())) {
    return recipient;
  }
  return order.customer ?? null;
}

/** The address as lines to show: the contract's rule, which the order confirmation e-mail shares. */
export { addressLines } from '@trailpass/contract';

/** The distribution call names the item as the cart calls do (`order_products` and the item's id). */
export function distributionItemType(item: Pick<OrderItem, 'type'>): CartItemType {
  return `order_${item.type}s`;
}

/** A pickup confirmed just now, applied to an order (the redeem answer's order item). */
export function withItemConfirmed<T extends Pick<Order, 'deals' | 'packages' | 'products'>>(
  order: T,
  confirmed: { id: number; redeemed: string | null; completed: string | null },
): T {
  const apply = (items: OrderItem[]) =>
    items.map((item) =>
      item.id === confirmed.id
        ? { ...item, redeemed: confirmed.redeemed, completed: confirmed.completed }
        : item,
    );
  return {
    ...order,
    deals: apply(order.deals),
    packages: apply(order.packages),
    products: apply(order.products),
  };
}
