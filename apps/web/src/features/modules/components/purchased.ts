import type { DataResponse, OrderProduct, Product, RedeemBlock } from '@trailpass/contract';
import { translate } from '../../../i18n';
import { sortProducts } from '../../../lib/sorting';
import { availableAgainAt, redeemBlockOf } from '../../redeem/redeemable';

export type PurchaseStatus = 'ready' | 'redeemed' | 'limit' | 'expired';

export interface PurchasedItem {
  product: Product;
  /** How many of it the user holds (one order product each). */
  count: number;
  status: PurchaseStatus;
  /** For a repeating product used for now: when it can be used again (ISO). */
  availableAgain: string | null;
}

/**
 * A product's status from its order products' spec 4 availability (contract redeemBlock): ready when one
 * can be redeemed now; else redeemed (used, or used for now), no redemptions left on the deal, or expired.
 * Blocks are as displayed (displayBlock).
 */
function statusOf(blocks: readonly (RedeemBlock | null)[]): PurchaseStatus {
  if (blocks.includes(null)) return 'ready';
  if (blocks.includes('used') || blocks.includes('not-yet')) return 'redeemed';
  if (blocks.includes('deal-limit')) return 'limit';
  return 'expired';
}

/** A purchase that was used and has since ended is, to its holder, redeemed rather than expired. */
function displayBlock(orderProduct: OrderProduct, block: RedeemBlock | null): RedeemBlock | null {
  return block === 'expired' && orderProduct.redeemed !== null ? 'used' : block;
}

/**
 * The signed-in user's purchases, one entry per product (spec 9 product order), with how many they hold
 * and whether one can be used now (spec 4 redemption availability). Order products whose product is
 * unknown are left out.
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
    const blocks = orderProducts.map((orderProduct) =>
      displayBlock(orderProduct, redeemBlockOf(appData, orderProduct, now)),
    );
    const status = statusOf(blocks);
    const upcoming = orderProducts
      .filter((_orderProduct, at) => blocks[at] === 'not-yet')
      .map((orderProduct) => availableAgainAt(appData, orderProduct))
      .filter((date): date is string => date !== null)
      .sort((a, b) => Date.parse(a) - Date.parse(b));
    items.push({
      product,
      count: orderProducts.length,
      status,
      availableAgain: status === 'ready' ? null : (upcoming[0] ?? null),
    });
  }
  const rank = new Map(
    sortProducts(items.map((item) => item.product)).map((product, at) => [product.id, at]),
  );
  return items.sort((a, b) => (rank.get(a.product.id) ?? 0) - (rank.get(b.product.id) ?? 0));
}

/** A purchase status as its chip says it, in the holder's language. */
export function statusLabel(status: PurchaseStatus): string {
  switch (status) {
    case 'ready':
      return translate('modules:statusReady');
    case 'redeemed':
      return translate('modules:statusRedeemed');
    case 'limit':
      return translate('modules:statusLimit');
    case 'expired':
      return translate('modules:statusExpired');
  }
}
