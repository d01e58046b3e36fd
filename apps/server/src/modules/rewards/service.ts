import { isGamified, type PassLanguage, type RewardItem, type RewardsResponse } from '@trailpass/contract';
import type { DbExecutor } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { notFound } from '../../plugins/errors';
import type { HolderSession } from '../../plugins/session';
import { listAssignmentMedia, listRewardItems } from '../assignments/repository';
import { availableTickets, listLiveHolds } from '../cart/stock';
import { headlinePointsDeal } from '../data/domain';
import { MediaIndex, toRewardItems } from '../data/mappers';
import { localized } from '../language/translate';
import { findOfferPointsDeals, type OfferPointsDeals } from '../points/repository';
import { listVenueAddresses } from './repository';

/**
 * Whose items the catalogue shows: on a points offer the offer's own (deal_id null; a dealId from the
 * page must still be one of the offer's deals), on a gamified offer one gamified deal's: dealId (else
 * 404), or the first gamified deal in rewards order. `undefined` when the offer has no gamified deal.
 */
export function chooseRewardsDeal(
  found: OfferPointsDeals,
  dealId: number | undefined,
): { dealId: number | null } | undefined {
  const deal = dealId === undefined ? undefined : found.deals.find((row) => row.id === dealId);
  if (dealId !== undefined && !deal) throw notFound();
  if (found.offer.use_points) return { dealId: null };
  if (deal) {
    if (!isGamified(deal, found.offer)) throw notFound();
    return { dealId: deal.id };
  }
  const headline = headlinePointsDeal(found.offer, found.deals);
  return headline ? { dealId: headline.id } : undefined;
}

let nameCollator: Intl.Collator | null = null;

/** By name as people read it (case ignored, numbers in number order), then by id, so the order is fixed. */
export function compareRewardNames(a: RewardItem, b: RewardItem): number {
  nameCollator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return nameCollator.compare(a.name, b.name) || a.id - b.id;
}

/**
 * GET .../rewards: the catalogue of the Rewards page (spec 2.5) sorted by name, each item mapped as the
 * assignments API maps it, with ticketsAvailable lowered by the live 10-minute holds of every draft
 * order (the caller's own too, so that an item in their bag reads as it is). Five queries whatever the
 * catalogue's size: the offer's deals, items, attributes and media side by side, then the holds and the
 * items' pickup venues (name and address, for ClaimReward) side by side.
 */
export async function loadRewards(
  db: DbExecutor,
  holder: HolderSession,
  dealId: number | undefined,
  now: Date,
  language: PassLanguage = 'en',
): Promise<RewardsResponse> {
  const [found, catalogue, mediaRows] = await readsTogether(db, [
    () => findOfferPointsDeals(db, holder.offerId),
    () => listRewardItems(db, holder.offerId, { all: true, ids: [] }),
    () => listAssignmentMedia(db, { ids: [], owners: {}, rewardItemsOfOffer: holder.offerId }),
  ]);
  if (!found) throw notFound();
  const chosen = chooseRewardsDeal(found, dealId);
  if (!chosen) return { deal_id: null, rewardItems: [], venues: [] };

  // Decision 0049: names and texts in the request's language (the list is sorted by the name read).
  const rows = catalogue.items
    .filter((row) => row.deal_id === chosen.dealId)
    .map((row) => localized(row, language));
  const attributes = catalogue.attributes.map((row) => localized(row, language));
  const venueIds = [...new Set(rows.flatMap((row) => (row.venue_id === null ? [] : [row.venue_id])))];
  const [holds, venues] = await readsTogether(db, [
    () =>
      listLiveHolds(
        db,
        rows.map((row) => row.id),
        now,
      ),
    () => listVenueAddresses(db, venueIds, language),
  ]);
  const storedById = new Map(rows.map((row) => [row.id, row.tickets_available ?? null]));
  const items = toRewardItems(rows, attributes, new MediaIndex(mediaRows)).map((item) => ({
    ...item,
    ticketsAvailable: availableTickets(
      storedById.get(item.id) ?? null,
      holds.filter((hold) => hold.reward_item_id === item.id),
    ),
  }));
  return { deal_id: chosen.dealId, rewardItems: items.sort(compareRewardNames), venues };
}
