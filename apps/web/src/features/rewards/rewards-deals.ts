import { type DataResponse, type Deal, rewardsDeals } from '@trailpass/contract';

/**
 * The offer's gamified deals in rewards order, and the one the URL's dealId selects (else the first): the
 * contract's rules (page-reads.ts), by which the server embeds the page's points and catalogue (decision 0026).
 */
export { rewardsDeals, selectedRewardsDeal } from '@trailpass/contract';

/** Spec 2.5: only when the offer does not use points and there is more than one gamified deal. */
export function showsDealSelector(data: Pick<DataResponse, 'offer' | 'deals'>): boolean {
  return data.offer?.use_points !== true && rewardsDeals(data).length > 1;
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
