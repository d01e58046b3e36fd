/**
 * What a deal or package reward gives (demo README: `grants_deal_id`, `package_id`; spec 2.9 "Instant
 * Download"): on completion the order holds the deal or package and its products, as a purchase of
 * them would, so they appear on the pass at once. Runs inside the completion's transaction.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  deals,
  order_deals,
  order_items,
  order_packages,
  order_products,
  packages,
  products,
} from '../../db/schema';
import type { CartItemRow, RewardItemRow } from './repository';

type ProductRow = typeof products.$inferSelect;

function orderProductOf(orderId: number, product: ProductRow, orderDealId: number | null) {
  return {
    order_id: orderId,
    product_id: product.id,
    deal_id: product.deal_id,
    order_deal_id: orderDealId,
    redemptions: 0,
    // Uses one purchase allows; a product that names none allows one.
    redemptions_remaining_use: Math.max(product.redemptions, 1),
    points_to_be_earned: product.points_to_be_earned,
  };
}

/** Whether completing the reward adds to the order (grantReward): a deal or package reward. */
export function grantsToOrder(
  reward: Pick<RewardItemRow, 'type' | 'grants_deal_id' | 'package_id'>,
): boolean {
  return (
    (reward.type === 'deal' && reward.grants_deal_id !== null) ||
    (reward.type === 'package' && reward.package_id !== null)
  );
}

/** Grants the deal or package of a claimed reward; a product reward grants nothing here. */
export async function grantReward(
  tx: DbExecutor,
  orderId: number,
  reward: RewardItemRow,
  item: CartItemRow,
  now: Date,
): Promise<void> {
  if (reward.type === 'deal' && reward.grants_deal_id !== null) {
    const [deal] = await tx.select().from(deals).where(eq(deals.id, reward.grants_deal_id)).limit(1);
    if (!deal) return;
    const [orderDeal] = await tx
      .insert(order_deals)
      .values({
        order_id: orderId,
        deal_id: deal.id,
        redemptions_remaining: deal.max_product_redemptions,
        redemptions_made: 0,
        added_max_redemptions: 0,
      })
      .returning({ id: order_deals.id });
    const dealProducts = await tx
      .select()
      .from(products)
      .where(eq(products.deal_id, deal.id))
      .orderBy(asc(products.id));
    if (dealProducts.length > 0) {
      await tx
        .insert(order_products)
        .values(dealProducts.map((p) => orderProductOf(orderId, p, orderDeal?.id ?? null)));
    }
  } else if (reward.type === 'package' && reward.package_id !== null) {
    const [pkg] = await tx.select().from(packages).where(eq(packages.id, reward.package_id)).limit(1);
    if (!pkg) return;
    await tx.insert(order_packages).values({ order_id: orderId, package_id: pkg.id });
    const packageProducts =
      pkg.product_ids.length === 0
        ? []
        : await tx
            .select()
            .from(products)
            .where(inArray(products.id, pkg.product_ids))
            .orderBy(asc(products.id));
    if (packageProducts.length > 0) {
      await tx.insert(order_products).values(packageProducts.map((p) => orderProductOf(orderId, p, null)));
    }
  } else {
    return;
  }
  // Nothing to ship or pick up: the claim is delivered with the order (Instant Download).
  await tx
    .update(order_items)
    .set({ redeemed: now, completed: now })
    .where(and(eq(order_items.id, item.id), eq(order_items.order_id, orderId)));
}
