import { type DataResponse, type OrderProduct, type RedeemBlock, redeemBlock } from '@trailpass/contract';
import { translate } from '../../i18n';
import { formatPartnerDateTime } from '../../lib/dates';

/**
 * The order deal's redemptions_remaining for the spec 4 availability rule: undefined for a standalone
 * order product (no order deal, or one /data does not list), null when the deal is unlimited.
 */
export function dealRemainingOf(
  appData: Pick<DataResponse, 'order_deals'>,
  orderProduct: Pick<OrderProduct, 'order_deal_id'>,
): number | null | undefined {
  if (orderProduct.order_deal_id === null) return undefined;
  return appData.order_deals.find((orderDeal) => orderDeal.id === orderProduct.order_deal_id)
    ?.redemptions_remaining;
}

/** Why this order product cannot be redeemed now (contract redeemBlock), or null when it can. */
export function redeemBlockOf(
  appData: Pick<DataResponse, 'order_deals'>,
  orderProduct: OrderProduct,
  now: number,
): RedeemBlock | null {
  return redeemBlock(orderProduct, dealRemainingOf(appData, orderProduct), now);
}

/**
 * When a repeating order product that is used for now can be redeemed again: its duplicate_date, if the
 * rule allows it then (its deal may have run out meanwhile, or the product expire first); else null.
 */
export function availableAgainAt(
  appData: Pick<DataResponse, 'order_deals'>,
  orderProduct: OrderProduct,
): string | null {
  const date = orderProduct.duplicate_date;
  if (date === null) return null;
  return redeemBlockOf(appData, orderProduct, Date.parse(date)) === null ? date : null;
}

/** The holder's order products of one product, in /data order. */
export function orderProductsOf(appData: Pick<DataResponse, 'order_products'>, productId: number) {
  return appData.order_products.filter((orderProduct) => orderProduct.product_id === productId);
}

export interface RedeemChoice {
  orderProduct: OrderProduct;
  block: RedeemBlock | null;
}

/** Which reason to show when none can be redeemed: the most hopeful first. */
const BLOCK_ORDER: readonly RedeemBlock[] = ['not-yet', 'deal-limit', 'used', 'expired'];

/**
 * The order product a redeem button acts on: the first that can be redeemed now; else, to say why not,
 * one that can be redeemed again soonest, then the most hopeful reason. Null when the holder has none.
 */
export function chooseOrderProduct(
  appData: Pick<DataResponse, 'order_deals' | 'order_products'>,
  productId: number,
  now: number,
): RedeemChoice | null {
  const choices = orderProductsOf(appData, productId).map((orderProduct) => ({
    orderProduct,
    block: redeemBlockOf(appData, orderProduct, now),
  }));
  const ready = choices.find((choice) => choice.block === null);
  if (ready) return ready;
  const rank = (choice: RedeemChoice) => BLOCK_ORDER.indexOf(choice.block as RedeemBlock);
  const again = (choice: RedeemChoice) => {
    const date = availableAgainAt(appData, choice.orderProduct);
    return date === null ? Number.MAX_SAFE_INTEGER : Date.parse(date);
  };
  const sorted = [...choices].sort((a, b) => rank(a) - rank(b) || again(a) - again(b));
  return sorted[0] ?? null;
}

/**
 * What the holder is told instead of a button: "Available again <date>" for a repeating product whose
 * time has not come (partner time), else the contract's message for the block.
 */
export function blockText(
  appData: Pick<DataResponse, 'order_deals'>,
  choice: RedeemChoice & { block: RedeemBlock },
  timezone: string | null | undefined,
): string {
  if (choice.block === 'not-yet') {
    const date = availableAgainAt(appData, choice.orderProduct);
    if (date) return translate('redeem:availableAgain', { date: formatPartnerDateTime(date, timezone) });
    // The deal or the product runs out before the date: it will not come back.
    const then = choice.orderProduct.duplicate_date;
    const later = then ? redeemBlockOf(appData, choice.orderProduct, Date.parse(then)) : null;
    if (later) return blockMessage(later);
  }
  return blockMessage(choice.block);
}

/** The contract's message for a block (REDEEM_BLOCK_MESSAGES in English), in the chosen language. */
function blockMessage(block: RedeemBlock): string {
  switch (block) {
    case 'used':
      return translate('redeem:blockUsed');
    case 'not-yet':
      return translate('redeem:blockNotYet');
    case 'expired':
      return translate('redeem:blockExpired');
    case 'deal-limit':
      return translate('redeem:blockDealLimit');
  }
}
