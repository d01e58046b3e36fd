/**
 * Spec 4 redemption rules that the server enforces and the app shows: one definition, zod-free, so the
 * button a holder sees and the answer the server gives cannot disagree.
 */

/** Spec 9: the validation code has 4 digits. */
export const PIN_LENGTH = 4;
export const PIN_PATTERN = /^[0-9]{4}$/;

/**
 * `gpsOrPin` pickups: a holder this close to the venue needs no code (the import format has no per-venue
 * radius; decision 0015). About 160 metres: a venue's building and its car park.
 */
export const GPS_REDEEM_RADIUS_MILES = 0.1;

/** The order product fields the availability rule reads. */
export interface RedeemableOrderProduct {
  redeemed: string | null;
  duplicate_date: string | null;
  redemptions_remaining_use: number | null;
  expire_date: string | null;
  end_date: string | null;
}

/** Why an order product cannot be redeemed now, or null when it can. */
export type RedeemBlock = 'used' | 'not-yet' | 'expired' | 'deal-limit';

/**
 * Spec 4 Redemption availability: an order product can be redeemed if it is not yet redeemed, or it
 * repeats (has a duplicate_date) and that date has come, and its deal still has redemptions remaining
 * (null means unlimited). Two additions a holder would expect (decision 0015): a purchase with uses left
 * (redemptions_remaining_use above 0, such as "Buy 3 lattes") can be used again, and one past its
 * expire_date (else end_date) cannot.
 *
 * `dealRemaining` is the order deal's redemptions_remaining: undefined when the order product belongs to
 * no order deal (standalone), null when unlimited.
 */
export function redeemBlock(
  orderProduct: RedeemableOrderProduct,
  dealRemaining: number | null | undefined,
  now: number,
): RedeemBlock | null {
  const ends = orderProduct.expire_date ?? orderProduct.end_date;
  if (ends !== null && Date.parse(ends) <= now) return 'expired';
  if (orderProduct.redeemed !== null) {
    const usesLeft = (orderProduct.redemptions_remaining_use ?? 0) > 0;
    if (!usesLeft) {
      if (orderProduct.duplicate_date === null) return 'used';
      if (Date.parse(orderProduct.duplicate_date) > now) return 'not-yet';
    }
  }
  if (dealRemaining !== undefined && dealRemaining !== null && dealRemaining <= 0) return 'deal-limit';
  return null;
}

export function canRedeem(
  orderProduct: RedeemableOrderProduct,
  dealRemaining: number | null | undefined,
  now: number,
): boolean {
  return redeemBlock(orderProduct, dealRemaining, now) === null;
}

/** The messages the server answers and the app shows for each block (spec 8: shown as red alerts). */
export const REDEEM_BLOCK_MESSAGES: Record<RedeemBlock, string> = {
  used: 'This has already been redeemed.',
  'not-yet': 'You can redeem this again later.',
  expired: 'This has expired and can no longer be redeemed.',
  'deal-limit': 'You have used all the redemptions of this pass.',
};

/**
 * Spec 4 Deal order redemptions summary: shown only if the deal has a max and its total product count
 * exceeds the summed max plus added redemptions.
 */
export function showsRedemptionsSummary(
  deal: { max_product_redemptions: number | null; totalProductsCount: number },
  orderDeals: ReadonlyArray<{ added_max_redemptions: number | null }>,
): boolean {
  const max = deal.max_product_redemptions;
  if (max === null) return false;
  const added = orderDeals.reduce((sum, orderDeal) => sum + (orderDeal.added_max_redemptions ?? 0), 0);
  return deal.totalProductsCount > max + added;
}
