import type { Offer, RewardItem } from '@trailpass/contract';
import type { RouteTarget } from '../../../lib/routes';

/** The price a card quotes: the cheapest option when the item has options, else its own retail price. */
export function startingPrice(item: Pick<RewardItem, 'attributes' | 'retail_price'>): number | null {
  if (item.attributes.length > 0) return Math.min(...item.attributes.map((option) => option.retail_price));
  return item.retail_price;
}

/** Spec 9: points needed = points_ratio × retail_price; null when either is unknown. */
export function pointsNeeded(
  item: Pick<RewardItem, 'attributes' | 'retail_price'>,
  offer: Pick<Offer, 'points_ratio'> | null,
): number | null {
  const price = startingPrice(item);
  const ratio = offer?.points_ratio;
  if (price === null || ratio === null || ratio === undefined) return null;
  // Ratios such as 0.1 would otherwise show 44.99999 points.
  return Math.round(ratio * price);
}

/**
 * Spec 3 Reward item: ticketsAvailable maps an attribute id, or 0 for all, to the count left (null =
 * unlimited); a null map means no limit. The count of one option is its own entry, else the "0" entry.
 * Sold out means every option is at 0 (an item without options has the one "0" option).
 */
export function isSoldOut(item: Pick<RewardItem, 'attributes' | 'ticketsAvailable'>): boolean {
  const counts = item.ticketsAvailable;
  if (!counts) return false;
  const left = (key: string): number | null => {
    const own = counts[key];
    if (own !== undefined) return own;
    return counts['0'] ?? null;
  };
  if (counts['0'] === 0) return true;
  if (item.attributes.length === 0) return false;
  return item.attributes.every((option) => left(String(option.id)) === 0);
}

/** Where a reward card leads: ClaimReward for the item, carrying the deal whose points pay for it. */
export function claimRewardTarget(item: Pick<RewardItem, 'id' | 'type' | 'deal_id'>): RouteTarget {
  return {
    name: 'ClaimReward',
    params: { type: item.type, typeId: item.id },
    ...(item.deal_id ? { query: { dealId: item.deal_id } } : {}),
  };
}

export function formatPoints(points: number, locale?: string): string {
  return `${new Intl.NumberFormat(locale).format(points)} ${points === 1 ? 'point' : 'points'}`;
}
