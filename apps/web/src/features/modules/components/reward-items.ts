import { isAvailable, type Offer, pointsNeeded, type RewardItem } from '@trailpass/contract';
import { translate } from '../../../i18n';
import { formatNumber } from '../../../lib/number-format';
import type { RouteTarget } from '../../../lib/routes';

/** One way to claim an item: each option (attribute), or the item itself when it has none. */
interface ClaimOption {
  attributeId: number | null;
  name: string | null;
  price: number | null;
}

function claimOptions(
  item: Pick<RewardItem, 'attributes'> & Partial<Pick<RewardItem, 'retail_price'>>,
): ClaimOption[] {
  if (item.attributes.length === 0) {
    return [{ attributeId: null, name: null, price: item.retail_price ?? null }];
  }
  return item.attributes.map((option) => ({
    attributeId: option.id,
    name: option.name,
    price: option.retail_price,
  }));
}

/**
 * Spec 3 and 5 (contract isAvailable): sold out means no option is available; an item without options
 * has the one option of key 0.
 */
export function isSoldOut(item: Pick<RewardItem, 'attributes' | 'ticketsAvailable'>): boolean {
  return claimOptions(item).every((option) => !isAvailable(item.ticketsAvailable, option.attributeId));
}

/** What a reward card says about an item: its points, what is left, and whether the holder can afford it. */
export interface RewardQuote {
  /** Points of the cheapest and the dearest option (equal without options); null when unknown. */
  points: { min: number; max: number } | null;
  soldOut: boolean;
  /** Options at 0 while others are left (a tee sold out in M), by name. */
  soldOutOptions: string[];
  /** The balance covers an option that is still available; null when no balance was given. */
  affordable: boolean | null;
}

export function rewardQuote(
  item: Pick<RewardItem, 'attributes' | 'retail_price' | 'ticketsAvailable'>,
  offer: Pick<Offer, 'points_ratio'> | null,
  currentPoints: number | null = null,
): RewardQuote {
  const options = claimOptions(item).map((option) => ({
    ...option,
    available: isAvailable(item.ticketsAvailable, option.attributeId),
    points: offer === null || option.price === null ? null : pointsNeeded(offer.points_ratio, option.price),
  }));
  const known = options.flatMap((option) => (option.points === null ? [] : [option.points]));
  const soldOut = options.every((option) => !option.available);
  return {
    points: known.length > 0 ? { min: Math.min(...known), max: Math.max(...known) } : null,
    soldOut,
    soldOutOptions: soldOut
      ? []
      : options.flatMap((option) => (!option.available && option.name !== null ? [option.name] : [])),
    affordable:
      currentPoints === null
        ? null
        : options.some(
            (option) => option.available && option.points !== null && option.points <= currentPoints,
          ),
  };
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
  return translate('modules:points', { count: points, points: formatNumber(points, locale) });
}

/** "120 points", or "From 120 points" when the options cost different amounts. */
export function formatPointsRange(points: { min: number; max: number }, locale?: string): string {
  if (points.min === points.max) return formatPoints(points.min, locale);
  // One sentence per language, as "from" may change the noun's form (German "ab 120 Punkten").
  return translate('modules:pointsFrom', { count: points.min, points: formatNumber(points.min, locale) });
}
