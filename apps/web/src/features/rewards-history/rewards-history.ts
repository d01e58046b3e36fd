import {
  compareRewardsOrder,
  type DataResponse,
  type Deal,
  isGamified,
  type PointsHistory,
  type PointsHistoryEntry,
} from '@trailpass/contract';
import { formatNumber } from '../../lib/number-format';

/** One points history to read: a gamified deal's, or (dealId null) the points offer's own. */
export interface HistorySource {
  dealId: number | null;
  dealName: string | null;
}

/** The offer's gamified deals in rewards order (spec 2.5): latest points_valid_until first, undated last. */
export function gamifiedDeals(data: Pick<DataResponse, 'offer' | 'deals'>): Deal[] {
  return data.deals.filter((deal) => isGamified(deal, data.offer)).sort(compareRewardsOrder);
}

/**
 * Spec 7 Points history: one call per deal for non-points offers; a points offer's history is one call
 * (the server finds its points deal). None for an offer without either.
 */
export function historySources(data: Pick<DataResponse, 'offer' | 'deals'>): HistorySource[] {
  if (data.offer?.use_points) {
    const pointsDeal = data.deals.find((deal) => deal.use_points);
    return [{ dealId: null, dealName: pointsDeal?.name ?? data.offer.name }];
  }
  return gamifiedDeals(data).map((deal) => ({ dealId: deal.id, dealName: deal.name }));
}

/** Spec 3: a points history entry with the deal's name added on the client. */
export type RewardsHistoryEntry = PointsHistoryEntry & { dealName: string | null };

/**
 * All the histories as one list, newest first (value date, then the later entry): each entry named with
 * its deal, from /data's deals by the entry's deal_id, else the source it was read for.
 */
export function mergeHistories(
  deals: readonly Pick<Deal, 'id' | 'name'>[],
  histories: readonly { source: HistorySource; history: PointsHistory | undefined }[],
): RewardsHistoryEntry[] {
  const names = new Map(deals.map((deal) => [deal.id, deal.name]));
  const entries = histories.flatMap(({ source, history }) =>
    (history?.data ?? []).map((entry) => ({
      ...entry,
      dealName: names.get(entry.deal_id) ?? source.dealName,
    })),
  );
  return entries.sort((a, b) => Date.parse(b.value_date) - Date.parse(a.value_date) || b.id - a.id);
}

/** Spec 2.10: the reason text with its first letter capitalised. */
export function capitalise(text: string): string {
  const trimmed = text.trimStart();
  return trimmed.charAt(0).toLocaleUpperCase() + trimmed.slice(1);
}

/** Spec 2.10: signed points, + when positive. */
export function signedPoints(points: number, locale?: string): string {
  const formatted = formatNumber(Math.abs(points), locale);
  if (points > 0) return `+${formatted}`;
  if (points < 0) return `-${formatted}`;
  return formatted;
}

/**
 * Spec 2.10 and 4: an entry whose points paid for an item picked up at a venue and not yet collected
 * (completed null) links to its order's details with Pending Pickup.
 */
export function pendingPickupOrderId(
  entry: Pick<PointsHistoryEntry, 'order_id' | 'redeemed'>,
): number | null {
  const item = entry.redeemed;
  if (entry.order_id === null || !item) return null;
  return item.delivery_method === 'picked_up' && item.completed === null ? entry.order_id : null;
}

/**
 * What the page says about expiry (spec 2.10): on a points offer, the next points to expire; with several
 * gamified deals, the collapsible list of each deal's valid-until date; with one, a single line.
 */
export type ExpiryInfo =
  | { kind: 'points' }
  | { kind: 'deals'; deals: Deal[] }
  | { kind: 'deal'; deal: Deal }
  | { kind: 'none' };

export function expiryInfo(data: Pick<DataResponse, 'offer' | 'deals'>): ExpiryInfo {
  if (data.offer?.use_points) return { kind: 'points' };
  const deals = gamifiedDeals(data);
  const [only] = deals;
  if (deals.length > 1) return { kind: 'deals', deals };
  if (only) return { kind: 'deal', deal: only };
  return { kind: 'none' };
}

/** Whether a deal's points period has ended. */
export function hasExpired(validUntil: string | null, now: number = Date.now()): boolean {
  if (!validUntil) return false;
  const ms = Date.parse(validUntil);
  return !Number.isNaN(ms) && ms < now;
}
