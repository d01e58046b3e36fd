import type {
  CatalogueDeal,
  CatalogueReward,
  ContentCatalogue,
  DealUpdateRequest,
  PreviewLinkIssued,
  PreviewLinkRequest,
  RewardUpdateRequest,
  VenueCodeIssued,
  VenueCodeRequest,
} from '@trailpass/contract/console';
import { apiRequest, fillPath } from './http';
import { contentPaths } from './paths';

/**
 * Issue 31 item 3: an offer's content and the quick edits made without an import file (contract:
 * console/content.ts). Reading needs a viewer; every write a manager, refused with 422 VALIDATION and
 * per-field messages when the content cannot take the value.
 */

/** The offer's rewards, deals, venues and products, whole (one import document's worth). */
export function getContent(offerId: number, signal?: AbortSignal): Promise<ContentCatalogue> {
  return apiRequest(fillPath(contentPaths.catalogue, { offerId }), { signal });
}

/** A reward's points price, its options' prices and/or its stock (`stock` replaces the whole stock). */
export function updateReward(
  ref: { offerId: number; rewardId: number },
  body: RewardUpdateRequest,
): Promise<CatalogueReward> {
  return apiRequest(fillPath(contentPaths.reward, { ...ref }), { method: 'PATCH', body });
}

/** A deal's date (null: none). Points already credited keep their expiry. */
export function updateDeal(
  ref: { offerId: number; dealId: number },
  body: DealUpdateRequest,
): Promise<CatalogueDeal> {
  return apiRequest(fillPath(contentPaths.deal, { ...ref }), { method: 'PATCH', body });
}

/**
 * A new check-in code for the venue (the server picks it unless `code` is given); the old one stops
 * working at once. The code is in this answer only. 409 CONFLICT for a venue another partner shares.
 */
export function changeVenueCode(
  ref: { offerId: number; venueId: number },
  body: VenueCodeRequest,
): Promise<VenueCodeIssued> {
  return apiRequest(fillPath(contentPaths.venueCode, { ...ref }), { method: 'PUT', body });
}

/** A partner preview link of a product or venue page (inside a deal when `dealId` is given). */
export function issuePreviewLink(offerId: number, body: PreviewLinkRequest): Promise<PreviewLinkIssued> {
  return apiRequest(fillPath(contentPaths.previewLinks, { offerId }), { method: 'POST', body });
}
