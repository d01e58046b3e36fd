import type { DataResponse, OrderProduct, Product } from '@trailpass/contract';
import { sortProducts } from '../../../lib/sorting';

export type PurchaseStatus = 'ready' | 'redeemed' | 'limit';

export interface PurchasedItem {
  product: Product;
  /** How many of it the user holds (one order product each). */
  count: number;
  status: PurchaseStatus;
  /** For a repeating product used for now: when it can be used again (ISO). */
  availableAgain: string | null;
}

/** Whether the deal the order product belongs to still has redemptions (null means unlimited). */
function dealAllows(orderProduct: OrderProduct, appData: DataResponse): boolean {
  if (orderProduct.order_deal_id === null) return true;
  const orderDeal = appData.order_deals.find((item) => item.id === orderProduct.order_deal_id);
  return orderDeal?.redemptions_remaining !== 0;
}

/**
 * Spec 4 redemption availability: usable when not yet redeemed, or when it repeats (has a duplicate_date)
 * and that date has come, and its deal still has redemptions left.
 */
function usableNow(orderProduct: OrderProduct, now: number): boolean {
  if (orderProduct.redeemed === null) return true;
  return orderProduct.duplicate_date !== null && Date.parse(orderProduct.duplicate_date) <= now;
}

/**
 * The signed-in user's purchases, one entry per product (spec 9 product order), with how many they hold
 * and whether one can be used now. Order products whose product is unknown are left out.
 */
export function purchasedItems(
  appData: DataResponse,
  findProduct: (id: number) => Product | null,
  now: number = Date.now(),
): PurchasedItem[] {
  const byProduct = new Map<number, OrderProduct[]>();
  for (const orderProduct of appData.order_products) {
    const list = byProduct.get(orderProduct.product_id) ?? [];
    list.push(orderProduct);
    byProduct.set(orderProduct.product_id, list);
  }
  const items: PurchasedItem[] = [];
  for (const [productId, orderProducts] of byProduct) {
    const product = findProduct(productId);
    if (!product) continue;
    const allowed = orderProducts.filter((orderProduct) => dealAllows(orderProduct, appData));
    const ready = allowed.some((orderProduct) => usableNow(orderProduct, now));
    const redeemed = orderProducts.some((orderProduct) => orderProduct.redeemed !== null);
    const status: PurchaseStatus = ready ? 'ready' : redeemed ? 'redeemed' : 'limit';
    const upcoming = allowed
      .map((orderProduct) => orderProduct.duplicate_date)
      .filter((date): date is string => date !== null && Date.parse(date) > now)
      .sort();
    items.push({
      product,
      count: orderProducts.length,
      status,
      availableAgain: ready ? null : (upcoming[0] ?? null),
    });
  }
  const rank = new Map(
    sortProducts(items.map((item) => item.product)).map((product, at) => [product.id, at]),
  );
  return items.sort((a, b) => (rank.get(a.product.id) ?? 0) - (rank.get(b.product.id) ?? 0));
}

export const STATUS_LABELS: Record<PurchaseStatus, string> = {
  ready: 'Ready to use',
  redeemed: 'Redeemed',
  limit: 'No redemptions left',
};
