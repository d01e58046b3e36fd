import type { DataResponse, Deal } from '@trailpass/contract';
import { isGamifiedDeal } from '../app-data';

/** ISO instant to milliseconds; null for no date (or one that does not parse, which counts as none). */
function validUntilMs(deal: Pick<Deal, 'points_valid_until'>): number | null {
  if (!deal.points_valid_until) return null;
  const ms = Date.parse(deal.points_valid_until);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Spec 2.5 rewards order: points_valid_until latest first, deals without a date after, then by id (the
 * server's compareRewardsOrder, which picks the default deal, breaks ties the same way).
 */
export function compareRewardsOrder(
  a: Pick<Deal, 'id' | 'points_valid_until'>,
  b: Pick<Deal, 'id' | 'points_valid_until'>,
): number {
  const at = validUntilMs(a);
  const bt = validUntilMs(b);
  if (at !== null && bt !== null && at !== bt) return bt - at;
  if (at === null && bt !== null) return 1;
  if (at !== null && bt === null) return -1;
  return a.id - b.id;
}

/** The offer's gamified deals in rewards order (none on a points offer). */
export function rewardsDeals(data: Pick<DataResponse, 'offer' | 'deals'>): Deal[] {
  return data.deals.filter((deal) => isGamifiedDeal(deal, data.offer)).sort(compareRewardsOrder);
}

/** Spec 2.5: only when the offer does not use points and there is more than one gamified deal. */
export function showsDealSelector(data: Pick<DataResponse, 'offer' | 'deals'>): boolean {
  return data.offer?.use_points !== true && rewardsDeals(data).length > 1;
}

/** The deal named by the URL's dealId when it is one of the rewards deals, else the first of them. */
export function selectedRewardsDeal(deals: readonly Deal[], dealIdParam: string | null): Deal | null {
  const chosen = dealIdParam ? deals.find((deal) => String(deal.id) === dealIdParam) : undefined;
  return chosen ?? deals[0] ?? null;
}

/**
 * The date the note names: the selected gamified deal's points_valid_until, or on a points offer the
 * offer's (else its points deal's, the one deal that uses points).
 */
export function pointsValidUntil(
  data: Pick<DataResponse, 'offer' | 'deals'>,
  selected: Deal | null,
): string | null {
  if (data.offer?.use_points) {
    return (
      data.offer.points_valid_until ?? data.deals.find((deal) => deal.use_points)?.points_valid_until ?? null
    );
  }
  return selected?.points_valid_until ?? null;
}

export type PointsNote = { kind: 'valid' | 'expired'; date: string };

/** Spec 2.5 note: the points can be used until the date, or they expired on it (a past date). */
export function pointsNote(validUntil: string | null, now: number = Date.now()): PointsNote | null {
  if (!validUntil) return null;
  const ms = Date.parse(validUntil);
  if (Number.isNaN(ms)) return null;
  return { kind: ms < now ? 'expired' : 'valid', date: validUntil };
}
